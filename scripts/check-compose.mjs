#!/usr/bin/env node
/**
 * Validates compose.yaml with `docker-compose config` (Debian's docker-compose 1.29: no daemon, no
 * image pulled; decision 0036), reading .env.example as the operator's .env: the file must be valid
 * with the example filled in, and must refuse to start while POSTGRES_PASSWORD is empty. It runs on
 * a copy in a temporary folder so that a real .env in the checkout is never read.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'arb-compose-'));
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('POSTGRES_') && !k.startsWith('APP_')));
const config = (extra) =>
  spawnSync('docker-compose', ['config', '-q'], { cwd: dir, env: { ...env, ...extra }, encoding: 'utf8', timeout: 60_000 });

let ok = true;
try {
  copyFileSync(path.join(root, 'compose.yaml'), path.join(dir, 'compose.yaml'));
  copyFileSync(path.join(root, '.env.example'), path.join(dir, '.env'));
  const filled = config({ POSTGRES_PASSWORD: 'exampleOnly123' });
  if (filled.error || filled.status !== 0) {
    ok = false;
    console.error(`compose.yaml is not valid with .env.example filled in:\n${filled.error?.message ?? filled.stderr}`);
  }
  const empty = config({});
  if (empty.status === 0 || !empty.stderr.includes('set POSTGRES_PASSWORD in .env')) {
    ok = false;
    console.error(`compose.yaml must refuse an empty POSTGRES_PASSWORD; docker-compose said: ${empty.stderr || 'nothing'}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (!ok) process.exit(1);
console.info('compose.yaml: valid (docker-compose config)');
