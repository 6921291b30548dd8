import { readFileSync } from 'node:fs';
import { DockerfileParser, type Copy, type ImageTemplate } from 'dockerfile-ast';

/** What the image's last stage runs, read from the Dockerfile (production-start.test.ts). */
export interface RuntimeStage {
  workdir: string;
  user: string | undefined;
  env: Record<string, string>;
  /** `COPY [--from=stage] source… dest`, in order. */
  copies: Array<{ from: string | undefined; sources: string[]; dest: string }>;
  /** The exec forms of HEALTHCHECK CMD and CMD. */
  healthcheck: string[];
  cmd: string[];
}

/** The exec form (a JSON array) of CMD or of HEALTHCHECK's CMD; the shell form is refused: signals must reach node. */
function execForm(content: string | null, what: 'CMD' | 'HEALTHCHECK'): string[] {
  const json = what === 'CMD' ? content : (/\bCMD\s+(\[.*\])\s*$/s.exec(content ?? '')?.[1] ?? null);
  if (!json?.startsWith('[')) throw new Error(`${what} must use the exec form ["node", …]: ${content}`);
  return JSON.parse(json) as string[];
}

function copyOf(copy: Copy): RuntimeStage['copies'][number] {
  const paths = copy
    .getArguments()
    .map((a) => a.getValue())
    .filter((v) => !v.startsWith('--'));
  return { from: copy.getFromFlag()?.getValue() ?? undefined, sources: paths.slice(0, -1), dest: paths.at(-1)! };
}

export function readRuntimeStage(file: string): RuntimeStage {
  const dockerfile = DockerfileParser.parse(readFileSync(file, 'utf8'));
  const froms = dockerfile.getFROMs();
  const last = froms.at(-1)!;
  const stage: ImageTemplate = dockerfile.getContainingImage(last.getRange().start)!;
  const instructions = stage.getInstructions();
  const env: Record<string, string> = {};
  for (const e of stage.getENVs()) for (const p of e.getProperties()) env[p.getName()] = p.getUnescapedValue() ?? '';
  const healthchecks = stage.getHEALTHCHECKs();
  const cmds = stage.getCMDs();
  if (healthchecks.length !== 1 || cmds.length !== 1) throw new Error('the runtime stage needs one HEALTHCHECK and one CMD');
  return {
    workdir: instructions.findLast((i) => i.getKeyword() === 'WORKDIR')?.getArgumentsContent() ?? '/',
    user: instructions.findLast((i) => i.getKeyword() === 'USER')?.getArgumentsContent() ?? undefined,
    env,
    copies: stage.getCOPYs().map(copyOf),
    healthcheck: execForm(healthchecks[0]!.getArgumentsContent(), 'HEALTHCHECK'),
    cmd: execForm(cmds[0]!.getArgumentsContent(), 'CMD'),
  };
}
