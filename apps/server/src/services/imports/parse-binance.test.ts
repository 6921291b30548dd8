import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import fc from 'fast-check';
import { Big, ROUND_HALF_UP, messages } from '@arb/shared';
import { decimalPlain, decimalText, readDecimal, readNumber, readWallClock, roundDecimal, zonedInstant } from './binance-values.ts';
import { bigXlsx, spanishXlsx } from './fixtures/generate.ts';
import { parseBinanceExport, parseBinanceOrders } from './parse-binance.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const CARACAS = { timezone: 'America/Caracas', ledgerZone: 'America/Caracas' };

async function failure(buf: Buffer, opts = CARACAS): Promise<AppError> {
  try {
    await parseBinanceExport(buf, opts);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected the parse to fail');
}

describe('readNumber: one number form per file (docs/product.md#binance-import)', () => {
  it.each([
    ['english', '1,562.25', '1562.25'],
    ['english', '36.2000', '36.2'],
    ['english', '100.0000000000000000', '100'],
    ['english', '1562', '1562'],
    ['english', '12,34.5', null], // thousands groups have exactly 3 digits
    ['english', '1.562,25', null],
    ['english', 'abc', null],
    ['english', '0.05 USDT', '0.05'],
    ['spanish', '1.562,25', '1562.25'],
    ['spanish', '37,50', '37.5'],
    ['spanish', '1.562', '1562'], // a dot is a thousands separator in the Spanish form
    ['spanish', '1,562.25', null],
  ] as const)('%s %s → %s', (form, text, expected) => {
    expect(readNumber(text, form)?.toString() ?? null).toBe(expected);
  });
});

// The importer reads numbers as scaled integers (docs/decisions/0018); big.js is the reference.
describe('readDecimal and roundDecimal agree with big.js', () => {
  const decimalText_ = fc
    .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 18 }))
    .map(([neg, units, dp]) => {
      const digits = units.toString().padStart(dp + 1, '0');
      const text = dp === 0 ? digits : `${digits.slice(0, -dp)}.${digits.slice(-dp)}`;
      return neg ? `-${text}` : text;
    });
  it('any plain decimal: the same value, rounding half away from zero, and "changed" only when digits are lost', () => {
    fc.assert(
      fc.property(decimalText_, fc.integer({ min: 0, max: 8 }), (text, dp) => {
        const d = readDecimal(text, 'english')!;
        const big = readNumber(text, 'english')!;
        expect(decimalPlain(d)).toBe(big.toString());
        const r = roundDecimal(d, dp);
        const rounded = big.round(dp, ROUND_HALF_UP);
        expect(decimalText(r.value)).toBe(rounded.toFixed(dp).replace(/^-(0\.?0*)$/, '$1'));
        expect(r.changed).toBe(!rounded.eq(big));
      }),
      { numRuns: 1000 },
    );
  });
  it.each([
    // 2.345 → 2.35 and −2.345 → −2.35 (half away from zero); 16-decimal padding is no change
    ['2.345', 2, '2.35', true],
    ['-2.345', 2, '-2.35', true],
    ['100.0000000000000000', 2, '100.00', false],
    ['27.683', 2, '27.68', true],
    ['1,562.25', 4, '1562.2500', false],
  ] as const)('%s to %i decimals → %s (changed %s)', (text, dp, out, changed) => {
    const r = roundDecimal(readDecimal(text, 'english')!, dp);
    expect([decimalText(r.value), r.changed]).toEqual([out, changed]);
    expect(new Big(decimalText(r.value)).eq(new Big(out))).toBe(true);
  });
});

describe('times without a zone, read in the chosen zone', () => {
  it.each([
    ['2024-05-02 18:30:05', 'America/Caracas', '2024-05-02T18:30:05-04:00', '2024-05-02'],
    ['24-05-02 18:30:05', 'America/Caracas', '2024-05-02T18:30:05-04:00', '2024-05-02'],
    // 02:30 UTC is 22:30 of the day before in Caracas (UTC−4): the ledger day moves back.
    ['2024-05-02 02:30:00', 'UTC', '2024-05-02T02:30:00+00:00', '2024-05-01'],
    // Madrid in summer is UTC+2: 01:00 there is 23:00 UTC = 19:00 in Caracas, the day before.
    ['2024-07-01 01:00:00', 'Europe/Madrid', '2024-07-01T01:00:00+02:00', '2024-06-30'],
    // The days Madrid changes its offset (the offsets are cached per day when a day has one):
    // 2024-03-31 01:59 is still UTC+1, 03:00 already UTC+2; 2024-10-27 03:30 is UTC+1 again.
    ['2024-03-31 01:59:00', 'Europe/Madrid', '2024-03-31T01:59:00+01:00', '2024-03-30'],
    ['2024-03-31 03:00:00', 'Europe/Madrid', '2024-03-31T03:00:00+02:00', '2024-03-30'],
    ['2024-03-31 23:00:00', 'Europe/Madrid', '2024-03-31T23:00:00+02:00', '2024-03-31'],
    ['2024-10-27 01:30:00', 'Europe/Madrid', '2024-10-27T01:30:00+02:00', '2024-10-26'],
    ['2024-10-27 03:30:00', 'Europe/Madrid', '2024-10-27T03:30:00+01:00', '2024-10-26'],
  ])('%s in %s → %s, fecha %s', (text, zone, iso, fecha) => {
    const wc = readWallClock(text);
    expect(wc).not.toBeNull();
    const at = zonedInstant(wc!, zone, 'America/Caracas');
    expect(at.iso).toBe(iso);
    expect(at.fecha).toBe(fecha);
    expect(new Date(at.utc).getTime()).toBe(new Date(iso).getTime());
  });

  it.each(['2024-13-01 10:00:00', '2024-02-30 10:00:00', '2024/05/01 10:00', '', 'ayer'])('%s is unreadable', (text) => {
    expect(readWallClock(text)).toBeNull();
  });
});

describe('parseBinanceExport', () => {
  it('reads the English CSV with a BOM and fee columns, keeping file order (newest first)', async () => {
    const rows = await parseBinanceExport(fixture('english-fees.csv'), CARACAS);
    expect(rows.map((r) => [r.preview.line, r.preview.action, r.preview.reason])).toEqual([
      [2, 'new', undefined],
      [3, 'new', undefined],
      [4, 'skipped', 'Estado: Cancelled'],
      [5, 'skipped', 'Activo no admitido: BTC'],
      [6, 'new', undefined],
    ]);
    const [sell, buy, , , rounded] = rows;
    expect(sell!.preview).toMatchObject({
      orderNumber: '22745188745533214720',
      type: 'SELL',
      asset: 'USDT',
      fiat: 'VES',
      price: 36.2,
      quantity: 1553.45,
      total: 56235,
      fee: 1.55345, // maker 1.553450 + taker 0
      counterparty: 'trader_ana',
      status: 'Completed',
      createdAt: '2024-05-02T18:30:05-04:00',
      fecha: '2024-05-02',
      warnings: [],
    });
    expect(sell!.order).toEqual({
      orderNumber: '22745188745533214720',
      type: 'SELL',
      quantity: '1553.45',
      price: '36.2000',
      fee: '1.55345000',
      counterparty: 'trader_ana',
      occurredAt: '2024-05-02T22:30:05.000Z',
      fecha: '2024-05-02',
    });
    expect(buy!.order).toMatchObject({ type: 'BUY', quantity: '500.00', price: '36.0200', fee: '0.50000000' });
    // 27.683 → 27.68 and 36.123456 → 36.1235, half-up, each with its warning.
    expect(rounded!.order).toMatchObject({ quantity: '27.68', price: '36.1235', counterparty: null });
    expect(rounded!.preview.warnings).toEqual(['Cantidad redondeada a 2 decimales', 'Precio redondeado a 4 decimales']);
    // Newest first, as Binance writes them.
    const times = rows.filter((r) => r.order).map((r) => r.order!.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('skips an order whose Bs side would pass the largest figure of a row (10^12), as a typed one is refused', async () => {
    const header = 'Order Number,Order Type,Asset Type,Fiat Type,Total Price,Price,Quantity,Exchange rate,Couterparty,Status,Created Time';
    const csv = [
      header,
      // 999.999.999.999 × 2 = 1.999.999.999.998 Bs > 10^12: each factor alone is within MONEY_MAX.
      '1001,Sell,USDT,VES,1999999999998,2,999999999999,2,x,Completed,2024-05-02 10:00:00',
      // 500.000.000.000 × 2 = 10^12 exactly: allowed.
      '1002,Sell,USDT,VES,1000000000000,2,500000000000,2,x,Completed,2024-05-02 10:01:00',
    ].join('\n');
    const rows = await parseBinanceExport(Buffer.from(csv), CARACAS);
    expect(rows.map((r) => [r.preview.orderNumber, r.preview.action, r.preview.reason])).toEqual([
      ['1001', 'skipped', messages.txTooLarge],
      ['1002', 'new', undefined],
    ]);
  });

  it('keeps a 20-digit order number that a double cannot hold as text', async () => {
    const [row] = await parseBinanceExport(fixture('english-fees.csv'), CARACAS);
    expect(String(Number('22745188745533214720'))).not.toBe('22745188745533214720');
    expect(row!.preview.orderNumber).toBe('22745188745533214720');
    expect(row!.order!.orderNumber).toBe('22745188745533214720');
  });

  it('reads the old English CSV without fees, YY-MM-DD times, blank and repeated header lines', async () => {
    const rows = await parseBinanceExport(fixture('english-old.csv'), CARACAS);
    expect(rows.map((r) => [r.preview.line, r.preview.orderNumber, r.preview.action, r.preview.reason])).toEqual([
      [3, '20300000000000000003', 'new', undefined],
      [4, '20300000000000000002', 'new', undefined],
      [6, '20300000000000000001', 'skipped', 'Moneda no admitida: USD'],
      [7, '20300000000000000000', 'skipped', 'Número ilegible: abc'],
      [8, '20300000000000000009', 'skipped', 'Fecha ilegible: 23-13-04 09:00:00'],
    ]);
    // 16-decimal zero padding is not rounding: no warning.
    expect(rows[0]!.preview).toMatchObject({
      type: 'BUY',
      quantity: 100,
      price: 35,
      fee: 0,
      createdAt: '2023-11-05T01:10:00-04:00',
      warnings: [],
    });
    expect(rows[1]!.order).toMatchObject({ type: 'SELL', quantity: '200.00', price: '35.2000', fee: '0.00000000' });
  });

  it('reads the Spanish CSV with ";" and comma decimals', async () => {
    const rows = await parseBinanceExport(fixture('spanish-semicolon.csv'), CARACAS);
    expect(rows.map((r) => r.preview.action)).toEqual(['new', 'new', 'skipped']);
    expect(rows[0]!.preview).toMatchObject({
      type: 'SELL',
      price: 37.5,
      quantity: 41.66,
      total: 1562.25,
      fee: 0.04166,
      counterparty: 'Carla',
    });
    expect(rows[1]!.preview).toMatchObject({ type: 'BUY', asset: 'FDUSD', price: 37, quantity: 100, total: 3700, fee: 0.1 });
    expect(rows[2]!.preview.reason).toBe('Estado: Cancelado');
  });

  it('decides the Spanish form from a Price cell ending in a comma and 1–4 digits in a "," file', async () => {
    const csv =
      'Order Number,Order Type,Asset Type,Fiat Type,Total Price,Price,Quantity,Status,Created Time\n1,Sell,USDT,VES,"1.562,25","37,50","41,66",Completed,2024-06-10 14:00:00\n';
    const [row] = await parseBinanceExport(Buffer.from(csv), CARACAS);
    expect(row!.preview).toMatchObject({ price: 37.5, quantity: 41.66, total: 1562.25, action: 'new' });
  });

  // The file is read streaming; a Spanish Price cell after English-looking rows starts the reading
  // over, so the earlier rows are read in the Spanish form too (one form per file).
  it('a Spanish Price cell late in a "," file makes every row Spanish, also the rows before it', async () => {
    const head = 'Order Number,Order Type,Asset Type,Fiat Type,Total Price,Price,Quantity,Status,Created Time\n';
    const csv = `${head}1,Sell,USDT,VES,"37.000",37,"1,000",Completed,2024-06-10 14:00:00\n2,Buy,USDT,VES,"3.750,00","37,50",100,Completed,2024-06-10 15:00:00\n`;
    const rows = await parseBinanceExport(Buffer.from(csv), CARACAS);
    // Spanish: "1,000" is 1 (not one thousand); "37.000" is 37,000 Bs; "3.750,00" is 3,750
    expect(rows.map((r) => r.preview)).toMatchObject([
      { orderNumber: '1', price: 37, quantity: 1, total: 37000, action: 'new' },
      { orderNumber: '2', price: 37.5, quantity: 100, total: 3750, action: 'new' },
    ]);
    expect(rows).toHaveLength(2);
    // The commit's reading keeps only the orders and the counts, with the same figures.
    const lean = await parseBinanceOrders(Buffer.from(csv), CARACAS);
    expect(lean).toMatchObject({ duplicate: 0, skipped: 0 });
    expect(lean.orders.map((o) => [o.orderNumber, o.quantity, o.price])).toEqual([
      ['1', '1.00', '37.0000'],
      ['2', '100.00', '37.5000'],
    ]);
  });

  it('reads a Spanish XLSX: text order numbers, numeric cells, text and date times', async () => {
    const xlsx = await spanishXlsx([
      ['22900000000000000012', 'Venta', 'USDT', 'VES', 1562.25, 37.5, 41.66, 0.04, 0, 'Carla', 'Completada', '2024-06-10 14:00:00'],
      [
        '22900000000000000011',
        'Compra',
        'usdc',
        'ves',
        3700,
        37,
        100,
        0,
        0.1,
        null,
        'Completado',
        new Date(Date.UTC(2024, 5, 10, 8, 0, 0)),
      ],
      ['22900000000000000010', 'Compra', 'USDT', 'VES', 370, 37, 10, 0, 0, 'Pepe', 'Apelación', '2024-06-09 08:00:00'],
    ]);
    const rows = await parseBinanceExport(xlsx, CARACAS);
    expect(rows.map((r) => [r.preview.line, r.preview.action])).toEqual([
      [2, 'new'],
      [3, 'new'],
      [4, 'skipped'],
    ]);
    expect(rows[0]!.order).toMatchObject({
      orderNumber: '22900000000000000012',
      type: 'SELL',
      quantity: '41.66',
      price: '37.5000',
      fee: '0.04000000',
    });
    expect(rows[1]!.preview).toMatchObject({ asset: 'USDC', fiat: 'VES', createdAt: '2024-06-10T08:00:00-04:00', counterparty: null });
    expect(rows[2]!.preview.reason).toBe('Estado: Apelación');
  });

  it('marks an order repeated in the file as duplicate', async () => {
    const csv = fixture('english-old.csv').toString().replace('20300000000000000002', '20300000000000000003');
    const rows = await parseBinanceExport(Buffer.from(csv), CARACAS);
    expect(rows[1]!.preview).toMatchObject({ action: 'duplicate', reason: 'Repetida en el archivo' });
    expect(rows[1]!.order).toBeUndefined();
    // The commit's reading counts the same rows as the preview's.
    const lean = await parseBinanceOrders(Buffer.from(csv), CARACAS);
    const count = (action: string) => rows.filter((r) => r.preview.action === action).length;
    expect([lean.orders.length, lean.duplicate, lean.skipped]).toEqual([count('new'), count('duplicate'), count('skipped')]);
    expect(lean.duplicate).toBe(1);
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 'IMPORT_EMPTY', 'El archivo está vacío'],
    ['only a BOM and blank lines', Buffer.from('\uFEFF\n\n  \n'), 'IMPORT_EMPTY', 'El archivo está vacío'],
    [
      'a header without orders',
      Buffer.from('Order Number,Order Type,Asset Type,Fiat Type,Total Price,Price,Quantity,Status,Created Time\n'),
      'IMPORT_EMPTY',
      'El archivo no tiene órdenes',
    ],
    ['a zip that is not a workbook', Buffer.from('PK\x03\x04garbage'), 'IMPORT_UNREADABLE', 'No se pudo leer el archivo XLSX'],
  ])('refuses %s', async (_name, buf, code, message) => {
    const err = await failure(buf);
    expect([err.status, err.code, err.message]).toEqual([400, code, message]);
  });

  it('refuses a file that is not a P2P export, naming the missing columns', async () => {
    const err = await failure(Buffer.from('Order Number,Price,Quantity\n1,2,3\n'));
    expect(err.code).toBe('IMPORT_UNRECOGNIZED');
    expect(err.message).toContain('El archivo no parece una exportación de órdenes P2P de Binance');
    expect(err.message).toContain('Order Type / Tipo de orden');
    expect(err.message).toContain('Created Time / Fecha de creación');
    expect(err.message).not.toContain('Order Number /');
  });

  it('refuses an unknown time zone', async () => {
    const err = await failure(fixture('english-fees.csv'), { timezone: 'Mars/Olympus', ledgerZone: 'America/Caracas' });
    expect([err.status, err.message]).toEqual([400, 'Zona horaria inválida']);
  });

  it('refuses an XLSX beyond 50,000 rows', async () => {
    const err = await failure(await bigXlsx(50_001));
    expect([err.code, err.message]).toEqual(['IMPORT_UNREADABLE', 'El archivo tiene más de 50.000 filas']);
  }, 60_000);
});
