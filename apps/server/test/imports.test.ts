import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportBatchListItem, ImportBatchResult, ImportPreview } from '@arb/shared';
import { englishCsv, manyOrders, spanishXlsx } from '../src/services/imports/fixtures/generate.ts';
import { multipart } from './support/multipart.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { balances } from './support/transactions.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

const fixture = (name: string) => readFileSync(new URL(`../src/services/imports/fixtures/${name}`, import.meta.url));
const CSV = 'text/csv';

describe('Binance P2P import (docs/product.md#binance-import)', () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let ledgerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, { name: 'Ana' });
    member = await createUser(t, { name: 'Beto' });
    outsider = await createUser(t, { name: 'Ciro' });
    ledgerId = owner.ledgerId;
    await addMember(t, ledgerId, member.id);
  });
  afterAll(async () => t.close());

  const send = (user: TestUser, path: string, data: Buffer, opts: { filename?: string; timezone?: string; ledger?: string } = {}) => {
    const form = multipart(opts.timezone ? { timezone: opts.timezone } : {}, [
      { name: 'file', filename: opts.filename ?? 'orders.csv', contentType: CSV, data },
    ]);
    return t.request({ method: 'POST', url: `/api/ledgers/${opts.ledger ?? ledgerId}/imports${path}`, token: user.token, ...form });
  };
  const preview = (user: TestUser, data: Buffer, opts = {}) => send(user, '/preview', data, opts);
  const commit = (user: TestUser, data: Buffer, opts = {}) => send(user, '', data, opts);
  const count = async () => {
    const r = await t.database.pool.query<{ n: string }>(`select count(*)::text as n from transactions where ledger_id = $1`, [ledgerId]);
    return Number(r.rows[0]!.n);
  };
  const imports = async (user = owner) =>
    (await t.request({ method: 'GET', url: `/api/ledgers/${ledgerId}/imports`, token: user.token })).json() as ImportBatchListItem[];

  it('previews the English CSV and writes nothing', async () => {
    const before = await count();
    const batchesBefore = (await imports()).length;
    const res = await preview(member, fixture('english-fees.csv'));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ImportPreview;
    expect(body).toMatchObject({ format: 'binance-p2p', timezone: 'America/Caracas', counts: { new: 3, duplicate: 0, skipped: 2 } });
    expect(body.rows[0]).toMatchObject({
      line: 2,
      orderNumber: '22745188745533214720',
      type: 'SELL',
      createdAt: '2024-05-02T18:30:05-04:00',
      fecha: '2024-05-02',
      action: 'new',
    });
    expect(body.rows[2]).toMatchObject({ action: 'skipped', reason: 'Estado: Cancelled' });
    expect(await count()).toBe(before);
    expect((await imports()).length).toBe(batchesBefore);
  });

  it('answers the zone exactly as sent and reads the times in it', async () => {
    const res = await preview(member, fixture('english-fees.csv'), { timezone: 'UTC' });
    const body = res.json() as ImportPreview;
    expect(body.timezone).toBe('UTC');
    // 03:30 UTC on May 1 is 23:30 of April 30 in Caracas: the ledger day is April 30.
    expect(body.rows[4]).toMatchObject({ createdAt: '2024-05-01T03:30:00+00:00', fecha: '2024-04-30' });
  });

  let firstBatch: string;
  it('commits a member’s import: one change, rows with origen/referencia/fee/ocurrido_en, 20 digits as text', async () => {
    const activityBefore = await t.database.pool.query(`select count(*)::int as n from activity where ledger_id = $1`, [ledgerId]);
    const res = await commit(member, fixture('english-fees.csv'), { filename: 'binance-mayo.csv' });
    expect(res.statusCode, res.body).toBe(201);
    const { batch } = res.json() as ImportBatchResult;
    firstBatch = batch.id;
    expect(batch).toMatchObject({ created: 3, duplicate: 0, skipped: 2, fechas: ['2024-05-01', '2024-05-02'] });
    const rows = await t.database.pool.query(
      `select referencia, origen, venta::text, tasa_venta::text, compra::text, comision_usd::text, notas, fecha::text, ocurrido_en,
         ganancia_ves::text, ganancia_usd::text
       from transactions where import_batch_id = $1 order by ocurrido_en desc`,
      [batch.id],
    );
    expect(rows.rows[0]).toMatchObject({
      referencia: '22745188745533214720',
      origen: 'binance_p2p',
      venta: '1553.45',
      tasa_venta: '36.2000',
      compra: '0.00',
      comision_usd: '1.55345000',
      notas: 'Binance P2P #22745188745533214720 · trader_ana',
      fecha: '2024-05-02',
      // The fee is a cost (docs/product.md#profit-method-and-position): 1,553.45 × 36.2 = 56,234.89 Bs − 1.55345 × 36.2 = 56.23489
      // → 56,178.65511 → 56,178.66 Bs; a sale alone earns its 1,553.45 USD − 1.55345 = 1,551.89655 → 1,551.90
      ganancia_ves: '56178.66',
      ganancia_usd: '1551.90',
    });
    expect(new Date(rows.rows[0].ocurrido_en as string).toISOString()).toBe('2024-05-02T22:30:05.000Z');
    const act = await t.database.pool.query(`select action, after from activity where ledger_id = $1 order by id desc limit 1`, [ledgerId]);
    expect((await t.database.pool.query(`select count(*)::int as n from activity where ledger_id = $1`, [ledgerId])).rows[0].n).toBe(
      activityBefore.rows[0].n + 1,
    );
    expect(act.rows[0]).toMatchObject({ action: 'IMPORT_CREATED', after: { created: 3, fileName: 'binance-mayo.csv' } });
    // The day's list shows the imported orders.
    const day = await balances(t, owner, ledgerId, '2024-05-02');
    expect(day.transacciones_con_acumulados.map((x) => x.notas)).toEqual(
      expect.arrayContaining(['Binance P2P #22745188745533214720 · trader_ana', 'Binance P2P #22745188745533214711 · juanito']),
    );
  });

  it('re-importing the same file creates nothing and says why', async () => {
    const before = await count();
    const pre = (await preview(owner, fixture('english-fees.csv'))).json() as ImportPreview;
    expect(pre.counts).toEqual({ new: 0, duplicate: 3, skipped: 2 });
    expect(pre.rows[0]).toMatchObject({ action: 'duplicate', reason: 'Ya está en el registro' });
    const res = await commit(owner, fixture('english-fees.csv'));
    expect(res.statusCode).toBe(201);
    expect((res.json() as ImportBatchResult).batch).toMatchObject({ created: 0, duplicate: 3, fechas: [] });
    expect(await count()).toBe(before);
  });

  it('imports only the new orders of an overlapping file', async () => {
    const overlap = Buffer.from(
      fixture('english-fees.csv')
        .toString()
        .replace(
          '\n22745188745533214702',
          '\n99000000000000000001,Buy,USDT,VES,"360.00",36.0000,10.00,x,0,0%,0,0%,z,Completed,2024-05-03 10:00:00\n22745188745533214702',
        ),
    );
    const res = await commit(owner, overlap);
    expect((res.json() as ImportBatchResult).batch).toMatchObject({ created: 1, duplicate: 3, fechas: ['2024-05-03'] });
  });

  it('two concurrent commits of one file create each order once', async () => {
    const file = englishCsv(manyOrders(300, 23_000_000_000_000_000_000n));
    const before = await count();
    const [a, b] = await Promise.all([commit(owner, file), commit(member, file)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const created = [a, b].map((r) => (r.json() as ImportBatchResult).batch.created);
    expect(created.reduce((x, y) => x + y)).toBe(300);
    expect(await count()).toBe(before + 300);
  });

  it('reads a Spanish XLSX and a Spanish ";" CSV', async () => {
    const xlsx = await spanishXlsx([
      ['24000000000000000001', 'Venta', 'USDT', 'VES', 1562.25, 37.5, 41.66, 0, 0, 'Carla', 'Completada', '2024-06-10 14:00:00'],
    ]);
    const a = await commit(owner, xlsx, { filename: 'ordenes.xlsx' });
    expect(a.statusCode, a.body).toBe(201);
    expect((a.json() as ImportBatchResult).batch.created).toBe(1);
    const b = await commit(owner, fixture('spanish-semicolon.csv'));
    expect((b.json() as ImportBatchResult).batch).toMatchObject({ created: 2, skipped: 1 });
  });

  it('lists imports newest first; undo removes the batch’s rows; a second undo is 409', async () => {
    const list = await imports(member);
    expect(list[list.length - 1]).toMatchObject({
      id: firstBatch,
      fileName: 'binance-mayo.csv',
      created: 3,
      user: { id: member.id, user_name: 'Beto' },
      undone: false,
    });
    const times = list.map((b) => b.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const before = await count();
    const res = await t.request({ method: 'DELETE', url: `/api/ledgers/${ledgerId}/imports/${firstBatch}`, token: member.token });
    expect(res.statusCode, res.body).toBe(204);
    expect(await count()).toBe(before - 3);
    expect((await imports()).find((b) => b.id === firstBatch)?.undone).toBe(true);
    const again = await t.request({ method: 'DELETE', url: `/api/ledgers/${ledgerId}/imports/${firstBatch}`, token: owner.token });
    expect([again.statusCode, again.json()]).toEqual([409, { error: 'Esta importación ya fue deshecha', code: 'CONFLICT' }]);
    // Its orders may be imported again.
    const re = await commit(owner, fixture('english-fees.csv'));
    expect((re.json() as ImportBatchResult).batch.created).toBe(3);
  });

  it('restoring an undone import (docs/product.md#undo) brings its rows back whole and the batch is live again; a clash is 409 RESTORE_CONFLICT', async () => {
    const solo = await createUser(t, { name: 'Dora' });
    const L = solo.ledgerId;
    const rowsOf = async () =>
      (
        await t.database.pool.query<{ r: string }>(`select to_jsonb(t)::text as r from transactions t where ledger_id = $1 order by id`, [
          L,
        ])
      ).rows.map((r) => r.r);
    const lastUndo = async () =>
      Number(
        (
          await t.database.pool.query<{ id: string }>(
            `select id from activity where ledger_id = $1 and action = 'IMPORT_UNDONE' order by id desc limit 1`,
            [L],
          )
        ).rows[0]!.id,
      );
    const restore = (id: number) => t.request({ method: 'POST', url: `/api/ledgers/${L}/activity/${id}/restore`, token: solo.token });
    const batchOf = async (res: Awaited<ReturnType<typeof commit>>) => (res.json() as ImportBatchResult).batch;

    const first = await batchOf(await commit(solo, fixture('english-fees.csv'), { ledger: L }));
    expect(first.created).toBe(3);
    const imported = await rowsOf();
    expect((await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/imports/${first.id}`, token: solo.token })).statusCode).toBe(204);
    expect(await rowsOf()).toEqual([]);
    const undo = await lastUndo();
    const res = await restore(undo);
    expect([res.statusCode, res.json()]).toEqual([200, { restored: 3 }]);
    // Every column as it was: ids, order numbers, fees, times, the batch link.
    expect(await rowsOf()).toEqual(imported);
    const list = (await t.request({ method: 'GET', url: `/api/ledgers/${L}/imports`, token: solo.token })).json() as ImportBatchListItem[];
    expect(list.find((b) => b.id === first.id)?.undone).toBe(false);
    expect((await restore(undo)).statusCode).toBe(409);

    // Undo again, import the same orders anew, then try to restore that undo: the order numbers
    // are back, so nothing changes.
    expect((await t.request({ method: 'DELETE', url: `/api/ledgers/${L}/imports/${first.id}`, token: solo.token })).statusCode).toBe(204);
    const second = await lastUndo();
    expect((await batchOf(await commit(solo, fixture('english-fees.csv'), { ledger: L }))).created).toBe(3);
    const now = await rowsOf();
    const clash = await restore(second);
    expect([clash.statusCode, (clash.json() as { code: string }).code]).toEqual([409, 'RESTORE_CONFLICT']);
    expect(await rowsOf()).toEqual(now);
  });

  it('only the owner or the importer may undo', async () => {
    const third = await createUser(t, { name: 'Dani' });
    await addMember(t, ledgerId, third.id);
    const batch = (await imports()).find((b) => !b.undone && b.user?.id === owner.id)!;
    const res = await t.request({ method: 'DELETE', url: `/api/ledgers/${ledgerId}/imports/${batch.id}`, token: third.token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('an outsider gets 404 on every import route', async () => {
    const batch = (await imports())[0]!;
    const answers = [
      await preview(outsider, fixture('english-fees.csv')),
      await commit(outsider, fixture('english-fees.csv')),
      await t.request({ method: 'GET', url: `/api/ledgers/${ledgerId}/imports`, token: outsider.token }),
      await t.request({ method: 'DELETE', url: `/api/ledgers/${ledgerId}/imports/${batch.id}`, token: outsider.token }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
  });

  it('keeps the per-day totals equal to the rows after imports, overlaps and an undo', async () => {
    // ledger_day_totals feeds every carried-forward balance (decision 0003); imported rows are
    // summed per statement (migration 0006), so compare it with the rows themselves.
    const mismatch = await t.database.pool.query(
      `
      with r as (select ledger_id, fecha, count(*)::int as n, sum(venta) as venta, sum(compra) as compra, sum(ganancia_usd) as g, sum(comision_usd) as c
                 from transactions where ledger_id = $1 group by ledger_id, fecha)
      select coalesce(r.fecha, d.fecha)::text as fecha from r full join (select * from ledger_day_totals where ledger_id = $1) d
        on d.ledger_id = r.ledger_id and d.fecha = r.fecha
      where r.n is distinct from d.transaction_count or r.venta is distinct from d.venta or r.compra is distinct from d.compra
        or r.g is distinct from d.ganancia_usd or r.c is distinct from d.comision_usd`,
      [ledgerId],
    );
    expect(mismatch.rows).toEqual([]);
    const days = await t.database.pool.query(`select count(*)::int as n from ledger_day_totals where ledger_id = $1`, [ledgerId]);
    expect(days.rows[0].n).toBeGreaterThan(2);
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 400, 'IMPORT_EMPTY', 'El archivo está vacío'],
    [
      'a file that is not an export',
      Buffer.from('a,b,c\n1,2,3\n'),
      400,
      'IMPORT_UNRECOGNIZED',
      'El archivo no parece una exportación de órdenes P2P de Binance',
    ],
    ['an unreadable XLSX', Buffer.from('PK\x03\x04not really a zip at all'), 400, 'IMPORT_UNREADABLE', 'No se pudo leer el archivo XLSX'],
    ['a file over 10 MB', Buffer.alloc(10 * 1024 * 1024 + 1, 0x41), 413, 'PAYLOAD_TOO_LARGE', 'El archivo debe ser menor a 10MB'],
  ])('refuses %s with a Spanish 4xx and writes nothing', async (_name, data, status, code, message) => {
    const before = await count();
    const batches = (await imports()).length;
    for (const res of [await preview(owner, data), await commit(owner, data)]) {
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json() as { error: string; code: string };
      expect(body.code).toBe(code);
      expect(body.error.startsWith(message)).toBe(true);
    }
    expect(await count()).toBe(before);
    expect((await imports()).length).toBe(batches);
  });

  it('names the missing columns', async () => {
    const res = await preview(owner, Buffer.from('Order Number,Price,Quantity,Status\n1,2,3,Completed\n'));
    expect(res.json()).toMatchObject({ code: 'IMPORT_UNRECOGNIZED' });
    expect((res.json() as { error: string }).error).toContain('Order Type / Tipo de orden');
  });

  it('refuses a request without a file and an unknown zone', async () => {
    const noFile = await t.request({
      method: 'POST',
      url: `/api/ledgers/${ledgerId}/imports/preview`,
      token: owner.token,
      ...multipart({ timezone: 'UTC' }, []),
    });
    expect([noFile.statusCode, noFile.json()]).toEqual([
      400,
      { error: 'Debes seleccionar un archivo CSV o XLSX', code: 'VALIDATION_ERROR' },
    ]);
    const json = await t.request({ method: 'POST', url: `/api/ledgers/${ledgerId}/imports`, token: owner.token, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    const zone = await commit(owner, fixture('english-fees.csv'), { timezone: 'Marte/Olimpo' });
    expect([zone.statusCode, zone.json()]).toEqual([400, { error: 'Zona horaria inválida', code: 'VALIDATION_ERROR' }]);
  });

  it('lists rows with unreadable numbers or dates as skipped, never a 500', async () => {
    const res = await preview(owner, fixture('english-old.csv'));
    expect(res.statusCode).toBe(200);
    const body = res.json() as ImportPreview;
    expect(body.rows.filter((r) => r.action === 'skipped').map((r) => r.reason)).toEqual([
      'Moneda no admitida: USD',
      'Número ilegible: abc',
      'Fecha ilegible: 23-13-04 09:00:00',
    ]);
  });
});
