/**
 * PostgreSQL refuses to run as root, so as root the embedded database runs as the `postgres`
 * system user, which must be able to reach both its binaries and its data folder. A clone in a
 * private folder (`/root/app`, a `mktemp -d`) is out of its reach, and opening the user's folders
 * (chmod o+x /root) is not ours to do (issue 17). So, only when needed:
 * - the binaries are run from a copy in a place every user can reach (/var/tmp), made once per
 *   binary version;
 * - the cluster lives in a folder of its own under /var/lib/arbitraje-usd-ves, named after
 *   DATA_DIR, which records where (DATA_DIR/pg-location). DATA_DIR itself (the app's own folder)
 *   may still be opened for the postgres user, its parents never.
 * (docs/decisions/0008-embedded-postgres-reach.md)
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Ids {
  uid: number;
  gid: number;
}

/** Whether `ids` may use `folder` with the permission `bit` (1 = x, 4 = r) under its mode. */
function allowed(st: { uid: number; gid: number; mode: number }, ids: Ids, bit: number): boolean {
  if (st.uid === ids.uid) return (st.mode & (bit << 6)) !== 0;
  if (st.gid === ids.gid) return (st.mode & (bit << 3)) !== 0;
  return (st.mode & bit) !== 0;
}

/** Every existing folder above `target` (not `target` itself) can be entered by `ids`. */
export function parentsTraversable(target: string, ids: Ids): boolean {
  let current = path.dirname(path.resolve(target));
  while (true) {
    if (existsSync(current) && !allowed(statSync(current), ids, 1)) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/** Opens a copied tree for everyone to read and run (dirs a+rx, executables a+rx, files a+r). */
function openTree(dir: string): void {
  chmodSync(dir, 0o755);
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    const st = lstatSync(p);
    if (st.isSymbolicLink()) continue;
    if (st.isDirectory()) openTree(p);
    else chmodSync(p, st.mode & 0o111 ? 0o755 : 0o644);
  }
}

const sharedBase = () => (existsSync('/var/tmp') ? '/var/tmp' : os.tmpdir());

/**
 * The folder holding bin/, lib/ and share/ of the binaries, or a copy the `postgres` user can
 * reach when the original is under a folder it cannot enter. The copy is made in a temporary
 * folder and renamed into place, so concurrent starts never see half a copy.
 */
export function reachableNative(nativeDir: string, postgresBinary: string, ids: Ids): string {
  if (parentsTraversable(postgresBinary, ids) && allowed(statSync(postgresBinary), ids, 1)) return nativeDir;
  // Named after the binary's content: one copy per PostgreSQL build, whichever clone it came from.
  const key = createHash('sha256').update(readFileSync(postgresBinary)).digest('hex').slice(0, 16);
  const target = path.join(sharedBase(), `arb-postgres-${key}`);
  if (existsSync(path.join(target, 'bin', 'postgres'))) return target;
  const tmp = `${target}.tmp-${randomBytes(6).toString('hex')}`;
  try {
    cpSync(nativeDir, tmp, { recursive: true, verbatimSymlinks: true });
    openTree(tmp);
    renameSync(tmp, target);
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    // Another process renamed its copy into place first.
    if (!existsSync(path.join(target, 'bin', 'postgres'))) throw err;
  }
  return target;
}

/**
 * The folder to hold the cluster (`…/pg`) for DATA_DIR `dir`: `dir` itself when the postgres user
 * can reach it (the app's own folder is opened with o+x when needed), else a folder of its own
 * under /var/lib/arbitraje-usd-ves named after `dir`'s real path, recorded in `dir/pg-location`.
 */
export function reachableDataHome(dir: string, ids: Ids): string {
  if (parentsTraversable(dir, ids)) {
    const st = statSync(dir);
    if (!allowed(st, ids, 1)) chmodSync(dir, (st.mode & 0o777) | 0o001);
    return dir;
  }
  const key = createHash('sha256').update(realpathSync(dir)).digest('hex').slice(0, 16);
  const home = path.join('/var/lib/arbitraje-usd-ves', key);
  mkdirSync(home, { recursive: true, mode: 0o755 });
  writeFileSync(path.join(dir, 'pg-location'), `${home}\n`, { mode: 0o644 });
  return home;
}
