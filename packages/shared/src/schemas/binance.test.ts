import { describe, expect, it } from 'vitest';
import { binanceForbiddenPermissions, binanceLinkSchema } from './binance.ts';

const readOnly = {
  ipRestrict: false,
  createTime: 1,
  enableReading: true,
  enableFixReadOnly: true,
  enableWithdrawals: false,
  enableInternalTransfer: false,
  permitsUniversalTransfer: false,
  enableSpotAndMarginTrading: false,
  enableMargin: false,
  enableFutures: false,
  enableVanillaOptions: false,
  enablePortfolioMarginTrading: false,
};

describe('which permissions a Binance key must turn off (DESIGN §23, §28)', () => {
  it('reading (and FIX read-only) is allowed; ipRestrict is no permission', () => {
    expect(binanceForbiddenPermissions({ ...readOnly, ipRestrict: true })).toEqual([]);
  });

  it.each([
    ['enableWithdrawals', 'Habilitar retiros'],
    ['enableInternalTransfer', 'Permitir transferencias internas'],
    ['permitsUniversalTransfer', 'Permitir transferencia universal'],
    ['enableSpotAndMarginTrading', 'Habilitar trading spot y de margen'],
    ['enableMargin', 'Habilitar margen'],
    ['enableFutures', 'Habilitar futuros'],
    ['enableVanillaOptions', 'Habilitar opciones europeas'],
    ['enablePortfolioMarginTrading', 'Habilitar trading con margen de cartera'],
    // A flag Binance adds later is still refused, by its own name.
    ['enableSomethingNew', 'enableSomethingNew'],
  ])('%s on is named "%s"', (flag, label) => {
    expect(binanceForbiddenPermissions({ ...readOnly, [flag]: true })).toEqual([label]);
  });

  it('names every one that is on', () => {
    expect(binanceForbiddenPermissions({ ...readOnly, enableWithdrawals: true, enableFutures: true })).toEqual([
      'Habilitar retiros',
      'Habilitar futuros',
    ]);
  });
});

describe('the link request', () => {
  const ok = { apiKey: 'A'.repeat(64), apiSecret: 'b'.repeat(64), ledgerId: '8a0b7a3e-5c3f-4f7e-9a55-2d1f0c7b9e11' };
  it('trims and accepts letters and digits', () => {
    expect(binanceLinkSchema.safeParse({ ...ok, apiKey: ` ${ok.apiKey} ` }).data?.apiKey).toBe(ok.apiKey);
  });
  it.each([
    ['a short key', { apiKey: 'abc' }],
    ['a key with symbols', { apiKey: `${'a'.repeat(20)}<script>` }],
    ['an overlong secret', { apiSecret: 'x'.repeat(129) }],
  ])('refuses %s', (_n, over) => {
    expect(binanceLinkSchema.safeParse({ ...ok, ...over }).success).toBe(false);
  });
});
