import { Worker } from 'node:worker_threads';
import { reportesMessages } from '@arb/shared';
import { AppError } from '../../../lib/errors.ts';

/** A pdfmake document definition: plain data (no functions), so it can travel to the worker. */
export type PdfDoc = Record<string, unknown>;

/** Same-file in development and production: the build copies this plain .mjs beside main.js (decision 0050). */
const WORKER_ENTRY = new URL('./pdf-worker.mjs', import.meta.url);
/** A render still running after this long ends its worker (a fresh one starts for the next). */
const TIMEOUT_MS = 20_000;
/** Renders waiting for the one worker; one more is refused at once (503), never queued without bound. */
const MAX_WAITING = 4;

interface Job {
  id: number;
  doc: PdfDoc;
  footer: string;
  resolve: (b: Buffer) => void;
  reject: (e: Error) => void;
}

let worker: Worker | null = null;
let current: Job | null = null;
let timer: NodeJS.Timeout | null = null;
const waiting: Job[] = [];
let nextId = 1;

const busy = () => new AppError('SERVICE_UNAVAILABLE', reportesMessages.reporteOcupado, undefined, { 'retry-after': '5' });

function settle(): Job | null {
  if (timer) clearTimeout(timer);
  timer = null;
  const job = current;
  current = null;
  return job;
}

function fail(why: string) {
  worker = null;
  const job = settle();
  job?.reject(new Error(`pdf worker ended: ${why}`));
  pump();
}

function spawn(): Worker {
  const w = new Worker(WORKER_ENTRY, { resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 16 } });
  // An idle worker keeps no process alive (tests, the CLI); a pending render holds its request open.
  w.unref();
  w.on('message', (msg: { ready: true } | { id: number; ok: boolean; bytes?: Uint8Array; message?: string }) => {
    if ('ready' in msg || current?.id !== msg.id) return;
    const job = settle()!;
    if (msg.ok && msg.bytes) job.resolve(Buffer.from(msg.bytes.buffer, msg.bytes.byteOffset, msg.bytes.byteLength));
    else job.reject(new Error(msg.message ?? 'pdf render failed'));
    pump();
  });
  w.on('error', (err) => fail(err.message));
  w.on('exit', (code) => {
    if (worker === w) fail(`exit ${code}`);
  });
  return w;
}

function pump() {
  if (current || waiting.length === 0) return;
  worker ??= spawn();
  const job = waiting.shift()!;
  current = job;
  const w = worker;
  timer = setTimeout(() => {
    worker = null;
    void w.terminate();
    settle()?.reject(new Error('pdf render timed out'));
    pump();
  }, TIMEOUT_MS);
  w.postMessage({ id: job.id, doc: job.doc, footer: job.footer });
}

/**
 * Renders a document in the one PDF worker thread (decision 0050): pdfmake's layout is
 * synchronous CPU work, so on the main thread a report would hold every other user's request.
 * One render at a time (the machine has two cores), a short bounded queue, a time limit.
 * `footer` is the page footer's template with `{x}` and `{n}` ("Página {x} de {n}").
 */
export function renderPdf(doc: PdfDoc, footer: string): Promise<Buffer> {
  if (waiting.length >= MAX_WAITING) return Promise.reject(busy());
  return new Promise((resolve, reject) => {
    waiting.push({ id: nextId++, doc, footer, resolve, reject });
    pump();
  });
}
