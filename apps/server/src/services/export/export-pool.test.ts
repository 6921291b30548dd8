import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkerPool } from '../uploads/worker-pool.ts';
import type { ExportTasks } from './export-tasks.ts';
import type { DailyWorkbookInput } from './daily-workbook.ts';
import { createExportPool, streamExport } from './export-pool.ts';

/** Decision 0057: the Excel exports written in an export worker, with its limits (tiny settings here). */
const row = (i: number, notas: string | null = null): DailyWorkbookInput['rows'][number] => ({
  ocurrido_en: `2026-03-10T1${i % 10}:05:00.000Z`,
  venta: '100.00',
  tasa_venta: '40.5000',
  bs_recibidos: '4050.00',
  compra: '100.00',
  tasa_compra: '40.0000',
  bs_pagados: '4000.00',
  ganancia_transaccion_ves: '50.00',
  ganancia_transaccion_usd: '1.25',
  ganancia_acumulada_usd_hasta_esta_transaccion: (1.25 * (i + 1)).toFixed(2),
  esta_verificada: i % 2 === 0,
  notas,
  author_name: 'Ana',
  comision_usd: '0',
  origen: 'manual',
  referencia: null,
  cuenta_ves_id: null,
  cuenta_usd_id: null,
});

const day = (rows: number): DailyWorkbookInput => ({
  ledgerName: 'Caja',
  fecha: '2026-03-10',
  timeZone: 'America/Caracas',
  base: { saldo_base_ves: '1000', saldo_base_usd: '500', heredado_ves: false, heredado_usd: true },
  rows: Array.from({ length: rows }, (_, i) => row(i, i === 0 ? '=HYPERLINK("http://x","y")' : null)),
  resumen: { venta_total: '100.00', compra_total: '100.00', ganancia_total_ves: '50.00', ganancia_total_usd: '1.25' },
  promedios: { tasa_venta_promedio: '40.5000', tasa_compra_promedio: '40.0000' },
  usesCuentas: false,
  cuentaNames: {},
  movimientos: [],
  netos: { ves: '0', usd: '0' },
  saldos: { disponible_ves: '1050.00', disponible_usd: '498.75', verificado_ves: '1050.00', verificado_usd: '498.75' },
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: { code?: string; message: string }) => err.code ?? err.message,
  );

describe('export pool (decision 0057)', () => {
  let pool: WorkerPool<ExportTasks> | undefined;
  afterEach(async () => pool?.close());

  it('streams the day’s workbook from a worker, in pieces, read back whole: values, never a formula, formula-like text as Text', async () => {
    pool = createExportPool();
    const pieces: number[] = [];
    const stream = await streamExport('day-xlsx', day(3000), pool);
    stream.on('data', (c: Buffer) => pieces.push(c.length));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await bytesOf(stream)) as unknown as ArrayBuffer);
    // More than one piece: the zip goes out as it is made, not as one message at the end.
    expect(pieces.length).toBeGreaterThan(1);
    const ws = wb.getWorksheet('2026-03-10')!;
    expect(ws.rowCount).toBe(7 + 3000 + 1 + 2 + 1 + 4);
    expect(ws.getCell('M8').value).toBe('=HYPERLINK("http://x","y")');
    expect(ws.getCell('M8').type).toBe(ExcelJS.ValueType.String);
    expect(ws.getCell('M8').numFmt).toBe('@');
    expect(ws.getCell('C8').value).toBe(100);
    ws.eachRow((r) => r.eachCell((c) => expect(c.type).not.toBe(ExcelJS.ValueType.Formula)));
  }, 30_000);

  it('one running and none waiting: another is refused at once with the PDF’s Spanish 503', async () => {
    pool = createExportPool({ queue: 0 });
    const [first, second] = await Promise.all([
      codeOf(streamExport('day-xlsx', day(5), pool).then(bytesOf)),
      streamExport('day-xlsx', day(5), pool).then(
        () => null,
        (err: { code: string; message: string; headers?: Record<string, string> }) => err,
      ),
    ]);
    expect(first).toBe('ok');
    expect(second).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Se están generando otros informes; inténtalo de nuevo en unos segundos',
    });
  }, 30_000);

  it('a file past its time limit fails before any byte: a clean error for the route (500), not a cut download', async () => {
    pool = createExportPool({ timeoutMs: 50 });
    expect(await codeOf(streamExport('day-xlsx', day(20_000), pool))).toBe('export worker: timeout');
  }, 30_000);

  it('a file that needs more than its worker’s heap ends that worker only; the next file is written by a fresh one', async () => {
    pool = createExportPool({ memoryMb: 32 });
    expect(await codeOf(streamExport('day-xlsx', day(100_000), pool))).toBe('export worker: ERR_WORKER_OUT_OF_MEMORY');
    const next = await bytesOf(await streamExport('day-xlsx', day(5), pool));
    expect(next.subarray(0, 2).toString()).toBe('PK');
  }, 60_000);
});
