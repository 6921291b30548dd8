import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Big } from '@arb/shared';
import { mapBinanceOrder, payMethodMatcher, untrustedPage, type BinanceApiOrder } from './map-order.ts';

const ZONE = 'America/Caracas';
const none = () => null;
// 2024-05-02T22:30:05Z = 18:30:05 in Caracas (UTC−4): the ledger day is May 2.
const T = Date.UTC(2024, 4, 2, 22, 30, 5);

const order = (over: Partial<BinanceApiOrder> = {}): BinanceApiOrder => ({
  orderNumber: '22745188745533214720',
  tradeType: 'SELL',
  asset: 'USDT',
  fiat: 'VES',
  amount: '100.00000000',
  unitPrice: '36.50000000',
  totalPrice: '3650.00000000',
  orderStatus: 'COMPLETED',
  createTime: T,
  commission: '0.05000000',
  counterPartNickName: 'Pedro',
  payMethodName: 'PagoMovil',
  ...over,
});

describe('Binance API order → transaction (DESIGN §23 = §12 mapping)', () => {
  it('maps a SELL with its 20-digit order number as text and the instant and day', () => {
    const m = mapBinanceOrder(order(), ZONE, none);
    expect(m).toEqual({
      kind: 'order',
      order: {
        orderNumber: '22745188745533214720',
        type: 'SELL',
        quantity: '100.00',
        price: '36.5000',
        fee: '0.05000000',
        counterparty: 'Pedro',
        occurredAt: '2024-05-02T22:30:05.000Z',
        fecha: '2024-05-02',
        cuentaVesId: null,
      },
    });
  });

  it.each([
    // commission 0.05 + takerCommission 0.025 = 0.075
    ['commission + takerCommission', { commission: '0.05', takerCommission: '0.025' }, '0.07500000'],
    // no taker field: the commission alone
    ['commission only', { commission: '0.1' }, '0.10000000'],
    // both zero
    ['no fee', { commission: '0', takerCommission: '0' }, '0.00000000'],
    // 0.123456789 + 0 rounds half-up to 8 decimals: 0.12345679
    ['rounded to 8 decimals', { commission: '0.123456789' }, '0.12345679'],
  ])('fee: %s', (_n, over, fee) => {
    const m = mapBinanceOrder(order(over), ZONE, none);
    expect(m.kind === 'order' && m.order.fee).toBe(fee);
  });

  it('rounds quantity to 2 and price to 4 decimals half-up (12.345 → 12.35; 36.12345 → 36.1235)', () => {
    const m = mapBinanceOrder(order({ amount: '12.345', unitPrice: '36.12345' }), ZONE, none);
    expect(m.kind === 'order' && [m.order.quantity, m.order.price]).toEqual(['12.35', '36.1235']);
  });

  it('a BUY is a compra', () => {
    const m = mapBinanceOrder(order({ tradeType: 'BUY' }), ZONE, none);
    expect(m.kind === 'order' && m.order.type).toBe('BUY');
  });

  it('a time at 02:00 UTC is the previous Caracas day', () => {
    const m = mapBinanceOrder(order({ createTime: Date.UTC(2024, 4, 3, 2, 0, 0) }), ZONE, none);
    expect(m.kind === 'order' && m.order.fecha).toBe('2024-05-02');
  });

  it.each(['PENDING', 'TRADING', 'BUYER_PAYED', 'DISTRIBUTING', 'IN_APPEAL'])('%s is pending (the cursor stays before it)', (status) => {
    expect(mapBinanceOrder(order({ orderStatus: status }), ZONE, none)).toEqual({ kind: 'pending', createTime: T });
  });

  it.each([
    ['cancelled', { orderStatus: 'CANCELLED' }, 'Estado: CANCELLED'],
    ['another fiat', { fiat: 'ARS' }, 'Moneda no admitida: ARS'],
    ['another asset', { asset: 'BTC' }, 'Activo no admitido: BTC'],
    // A number that lost its digits in a double cannot be the order's key.
    ['an order number as an unsafe number', { orderNumber: 22745188745533214720 }, 'Número de orden ilegible'],
    ['a float amount text', { amount: '1e5' }, 'Número ilegible'],
    ['a zero amount', { amount: '0' }, 'Cantidad o precio no positivos'],
  ])('skips %s', (_n, over, reason) => {
    expect(mapBinanceOrder(order(over as Partial<BinanceApiOrder>), ZONE, none)).toEqual({ kind: 'skipped', reason });
  });
});

describe('accounts by payment method (DESIGN §28)', () => {
  const match = payMethodMatcher(
    [
      { id: 'pm', metodos: ['PagoMovil', 'Pago Móvil'] },
      { id: 'banesco', metodos: ['Banesco'] },
      { id: 'b2', metodos: ['Mercantil'] },
      { id: 'b3', metodos: ['mercantil'] },
    ],
    'fallback',
  );
  it.each([
    ['PagoMovil', 'pm'],
    // case- and accent-insensitive
    ['pago movil', 'pm'],
    ['BANESCO', 'banesco'],
    // two accounts name it: neither wins
    ['Mercantil', 'fallback'],
    // nobody names it
    ['Zelle', 'fallback'],
    ['', 'fallback'],
  ])('%s → %s', (method, id) => {
    expect(match(method)).toBe(id);
  });

  it('the order takes the matched account', () => {
    const m = mapBinanceOrder(order({ payMethodName: 'Banesco' }), ZONE, match);
    expect(m.kind === 'order' && m.order.cuentaVesId).toBe('banesco');
  });
});

describe('what a page of the history must be to be trusted (docs/decisions/0058)', () => {
  const rows = (n: number) => Array.from({ length: n }, () => order());
  it.each<[string, unknown[], number, string | null]>([
    ['a full page', rows(100), 100, null],
    ['a short page', rows(3), 100, null],
    ['an empty page', [], 100, null],
    ['more rows than asked', rows(101), 100, 'page of 101 rows, 100 asked'],
    ['a row that is not an object', [order(), 'x'], 100, 'a row is not an object'],
    ['a null row', [null], 100, 'a row is not an object'],
    ['a row that is an array', [[order()]], 100, 'a row is not an object'],
    ['a read field of 1,000 characters', [order({ counterPartNickName: 'x'.repeat(1000) })], 100, null],
    [
      'a read field of 1,001 characters',
      [order({ counterPartNickName: 'x'.repeat(1001) })],
      100,
      'field counterPartNickName out of bounds',
    ],
    ['a read field that is an object', [order({ amount: { value: '1' } })], 100, 'field amount out of bounds'],
    // A field the mapping never reads may be anything (Binance adds fields).
    ['a long field no one reads', [{ ...order(), remark: 'x'.repeat(5000) }], 100, null],
  ])('%s', (_name, page, asked, why) => {
    expect(untrustedPage(page, asked)).toBe(why);
  });
});

describe('mapping invariants (property)', () => {
  it('quantity and price are the half-up roundings of the API texts, within half a unit of their last place', () => {
    fc.assert(
      // Amounts up to 99,999.99999999 and prices up to 999.999999: inside every figure limit.
      fc.property(
        fc.integer({ min: 0, max: 99_999 }),
        fc.stringMatching(/^\d{0,8}$/),
        fc.integer({ min: 1, max: 999 }),
        fc.stringMatching(/^\d{6}$/),
        (whole, frac, priceWhole, priceFrac) => {
          const amount = frac ? `${whole}.${frac}` : String(whole);
          const unitPrice = `${priceWhole}.${priceFrac}`;
          const m = mapBinanceOrder(order({ amount, unitPrice }), ZONE, none);
          // 0.004 rounds to 0.00: refused as not positive, never imported as zero.
          if (new Big(amount).round(2, Big.roundHalfUp).eq(0)) return m.kind === 'skipped';
          if (m.kind !== 'order') return false;
          expect(m.order.quantity).toBe(new Big(amount).toFixed(2, Big.roundHalfUp));
          expect(m.order.price).toBe(new Big(unitPrice).toFixed(4, Big.roundHalfUp));
          expect(new Big(m.order.quantity).minus(amount).abs().lte('0.005')).toBe(true);
          return true;
        },
      ),
    );
  });
});
