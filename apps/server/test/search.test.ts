import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type SearchAnswer } from '@arb/shared';
import { addCuenta } from './support/cuentas.ts';
import { multipart } from './support/multipart.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { addTransaction } from './support/transactions.ts';
import { addMember, createUser, type TestUser } from './support/users.ts';

const fixture = (name: string) => readFileSync(new URL(`../src/services/imports/fixtures/${name}`, import.meta.url));

describe('search of operations (docs/api.md#buscar-operaciones)', () => {
  let t: TestApp;
  let ana: TestUser;
  let beto: TestUser;
  let ciro: TestUser;
  let L: string;
  const ids: Record<string, string> = {};

  const search = (user: TestUser, query: string, ledgerId = L) =>
    t.request({ method: 'GET', url: `/api/ledgers/${ledgerId}/transactions/search?${query}`, token: user.token });
  const found = async (query: string, user = ana, ledgerId = L): Promise<SearchAnswer> => {
    const res = await search(user, query, ledgerId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchAnswer;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ana = await createUser(t, { name: 'Ana' });
    beto = await createUser(t, { name: 'Beto' });
    ciro = await createUser(t, { name: 'Ciro' });
    L = ana.ledgerId;
    await addMember(t, L, beto.id, true);
    // Three completed orders from Binance, with their counterparties (trader_ana, juanito, …).
    const form = multipart({ timezone: 'America/Caracas' }, [
      { name: 'file', filename: 'orders.csv', contentType: 'text/csv', data: fixture('english-fees.csv') },
    ]);
    const imported = await t.request({ method: 'POST', url: `/api/ledgers/${L}/imports`, token: ana.token, ...form });
    expect(imported.statusCode, imported.body).toBe(201);
    const banesco = await addCuenta(t, ana, L, { nombre: 'Banesco', moneda: 'VES' });
    ids.banesco = banesco.id;
    ids.venta = (await addTransaction(t, ana, L, '2026-03-10', { venta: 100, tasa_venta: '40', notas: 'Pago a Pedro en efectivo' })).id;
    ids.compra = (
      await addTransaction(t, beto, L, '2026-03-12', {
        compra: 50,
        tasa_compra: '39',
        notas: 'Compra 50% por Banesco',
        cuenta_ves_id: banesco.id,
      } as never)
    ).id;
    ids.otra = (await addTransaction(t, beto, L, '2026-04-02', { venta: 20, tasa_venta: '41', notas: 'Cliente EFECTIVO recurrente' })).id;
  });
  afterAll(async () => t.close());

  it('stores the counterparty of an imported order (null when the file has none)', async () => {
    const r = await t.database.pool.query<{ referencia: string; contraparte: string | null }>(
      `select referencia, contraparte from transactions where ledger_id = $1 and origen = 'binance_p2p' order by referencia`,
      [L],
    );
    expect(r.rows).toEqual([
      { referencia: '22745188745533214684', contraparte: null },
      { referencia: '22745188745533214711', contraparte: 'juanito' },
      { referencia: '22745188745533214720', contraparte: 'trader_ana' },
    ]);
  });

  it('matches notes, the order reference and the counterparty, case-insensitive, newest first', async () => {
    const efectivo = await found('q=efectivo');
    expect(efectivo).toMatchObject({ total: 2, mas: false, page: 1 });
    expect(efectivo.rows.map((r) => r.id)).toEqual([ids.otra, ids.venta]);
    expect(efectivo.rows[0]).toMatchObject({
      fecha: '2026-04-02',
      venta: 20,
      tasa_venta: 41,
      origen: 'manual',
      createdBy: { id: beto.id, user_name: 'Beto' },
    });

    const byReference = await found('q=5533214711');
    expect(byReference.rows).toHaveLength(1);
    expect(byReference.rows[0]).toMatchObject({ referencia: '22745188745533214711', contraparte: 'juanito', origen: 'binance_p2p' });

    // Only in the counterparty column (the notes keep it too, so remove it there to prove the column is searched).
    await t.database.pool.query(`update transactions set notas = null where ledger_id = $1 and contraparte = 'trader_ana'`, [L]);
    const byCounterparty = await found('q=TRADER_a');
    expect(byCounterparty.rows.map((r) => r.contraparte)).toEqual(['trader_ana']);
  });

  it('takes the text literally: % and _ match only themselves', async () => {
    expect((await found(`q=${encodeURIComponent('50%')}`)).rows.map((r) => r.id)).toEqual([ids.compra]);
    expect((await found(`q=${encodeURIComponent('r_a')}`)).rows.map((r) => r.contraparte)).toEqual(['trader_ana']);
    expect((await found(`q=${encodeURIComponent('%%%')}`)).total).toBe(0);
  });

  it('filters by dates, side, account, member and origin', async () => {
    const idsOf = (a: SearchAnswer) => a.rows.map((r) => r.id);
    expect(idsOf(await found('desde=2026-03-11&hasta=2026-03-31'))).toEqual([ids.compra]);
    expect(idsOf(await found('desde=2026-04-01'))).toEqual([ids.otra]);
    expect((await found('hasta=2025-01-01')).total).toBe(3); // the three imported orders of 2024
    expect(idsOf(await found('tipo=compra&origen=manual'))).toEqual([ids.compra]);
    expect(idsOf(await found('tipo=venta&origen=manual'))).toEqual([ids.otra, ids.venta]);
    expect((await found('tipo=venta&origen=binance_p2p')).rows.map((r) => r.referencia)).toEqual([
      '22745188745533214720',
      '22745188745533214684',
    ]);
    expect(idsOf(await found(`cuentaId=${ids.banesco}`))).toEqual([ids.compra]);
    expect(idsOf(await found(`userId=${beto.id}`))).toEqual([ids.otra, ids.compra]);
    expect((await found(`userId=${ana.id}&origen=binance_p2p`)).total).toBe(3);
    expect(idsOf(await found(`q=efectivo&userId=${ana.id}`))).toEqual([ids.venta]);
    // No filter at all: every operation of the ledger.
    expect((await found('')).total).toBe(6);
  });

  it('answers 400 in Spanish for a text shorter than 3 characters, and for a bad filter', async () => {
    for (const q of ['ab', '%20a%20%20']) {
      const res = await search(ana, `q=${q}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: messages.searchQueryTooShort, code: 'VALIDATION_ERROR' });
    }
    expect((await search(ana, 'tipo=otra')).statusCode).toBe(400);
    expect((await search(ana, 'desde=2026-02-30')).statusCode).toBe(400);
    expect((await search(ana, 'page=0')).statusCode).toBe(400);
    // An empty box searches by the filters alone.
    expect((await found('q=&origen=manual')).total).toBe(3);
  });

  it('lets every member read and answers 404 outside the ledger', async () => {
    expect((await found('q=efectivo', beto)).total).toBe(2);
    const outsider = await search(ciro, 'q=efectivo');
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual({ error: messages.ledgerNotFound, code: 'NOT_FOUND' });
    expect((await search(ana, 'q=efectivo', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const anonymous = await t.request({ method: 'GET', url: `/api/ledgers/${L}/transactions/search?q=efectivo` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('pages by 50, newest first, with the exact total up to 1,000 and {total: 1000, mas: true} beyond', async () => {
    const big = await createUser(t, { name: 'Dora' });
    // 1,050 imported-looking rows over 1,050 minutes of one day (fast: one statement).
    await t.database.pool.query(
      `insert into transactions (ledger_id, fecha, venta, tasa_venta, notas, origen, referencia, ocurrido_en, created_by)
       select $1, '2026-05-01', 10, 40, 'Binance P2P #' || g, 'binance_p2p', g::text, '2026-05-01T04:00:00Z'::timestamptz + g * interval '1 minute', $2
       from generate_series(1, 1050) g`,
      [big.ledgerId, big.id],
    );
    const first = await found('q=binance', big, big.ledgerId);
    expect(first).toMatchObject({ total: 1000, mas: true, page: 1 });
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]!.referencia).toBe('1050');
    expect(first.rows[49]!.referencia).toBe('1001');
    const third = await found('q=binance&page=3', big, big.ledgerId);
    expect(third.rows.map((r) => r.referencia)).toEqual(Array.from({ length: 50 }, (_, i) => String(950 - i)));
    const last = await found('q=binance&page=21', big, big.ledgerId);
    expect(last.rows.map((r) => r.referencia)).toEqual([
      '50',
      '49',
      '48',
      '47',
      '46',
      '45',
      '44',
      '43',
      '42',
      '41',
      '40',
      '39',
      '38',
      '37',
      '36',
      '35',
      '34',
      '33',
      '32',
      '31',
      '30',
      '29',
      '28',
      '27',
      '26',
      '25',
      '24',
      '23',
      '22',
      '21',
      '20',
      '19',
      '18',
      '17',
      '16',
      '15',
      '14',
      '13',
      '12',
      '11',
      '10',
      '9',
      '8',
      '7',
      '6',
      '5',
      '4',
      '3',
      '2',
      '1',
    ]);
    expect((await found('q=binance&page=22', big, big.ledgerId)).rows).toEqual([]);
    // Exactly at the cap: exact, no "más".
    expect(await found('q=binance&desde=2026-05-01', big, big.ledgerId)).toMatchObject({ total: 1000, mas: true });
    await t.database.pool.query(`delete from transactions where ledger_id = $1 and referencia::int > 1000`, [big.ledgerId]);
    expect(await found('q=binance', big, big.ledgerId)).toMatchObject({ total: 1000, mas: false });
    await t.database.pool.query(`delete from transactions where ledger_id = $1 and referencia = '1000'`, [big.ledgerId]);
    expect(await found('q=binance', big, big.ledgerId)).toMatchObject({ total: 999, mas: false });
    // Another ledger's rows never show.
    expect((await found('q=binance')).rows.every((r) => r.origen === 'binance_p2p' && r.referencia!.length === 20)).toBe(true);
  });

  it('serves a selective text match from the per-ledger trigram index (migration 0019)', async () => {
    const big = await createUser(t, { name: 'Eva' });
    await t.database.pool.query(
      `insert into transactions (ledger_id, fecha, venta, tasa_venta, notas, origen, referencia, ocurrido_en)
       select $1, '2026-05-01'::date - (g % 300), 10, 40, 'Binance P2P #' || (900000 + g), 'binance_p2p', (900000 + g)::text, now()
       from generate_series(1, 5000) g`,
      [big.ledgerId],
    );
    await t.database.pool.query('analyze transactions');
    const client = await t.database.pool.connect();
    let plan: { rows: Array<{ 'QUERY PLAN': string }> };
    try {
      // At a test's size reading the ledger's rows by its day index is cheaper than any GIN scan (at
      // 100,000 rows the planner picks the trigram index: docs/decisions/0041); without that path, and
      // without a sequential scan, the trigram index must serve the query's own expression.
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      await client.query('drop index transactions_ledger_day_idx');
      plan = await client.query<{ 'QUERY PLAN': string }>(
        `explain select t.id from transactions t where t.ledger_id = $1
           and (coalesce(t.notas, '') || E'\\n' || coalesce(t.referencia, '') || E'\\n' || coalesce(t.contraparte, '')) ilike $2`,
        [big.ledgerId, '%904321%'],
      );
      await client.query('rollback');
    } finally {
      client.release();
    }
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('transactions_search_idx');
    expect((await found('q=904321', big, big.ledgerId)).rows.map((r) => r.referencia)).toEqual(['904321']);
  });
});
