import { describe, expect, it } from 'vitest';
import { binanceSignature, signedQuery } from './sign.ts';

// Binance's documented example (SIGNED endpoint security, "HMAC SHA256 signature" example).
const SECRET = 'NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j';
const QUERY = 'symbol=LTCBTC&side=BUY&type=LIMIT&timeInForce=GTC&quantity=1&price=0.1&recvWindow=5000&timestamp=1499827319559';
const SIGNATURE = 'c8db56825ae71d6d79447849e617115f4a920fa2acdcab2b053c4b2838bd6b71';

describe('Binance request signing (docs/decisions/0046)', () => {
  it('gives the documented HMAC-SHA256 of the exact query string', () => {
    expect(binanceSignature(SECRET, QUERY)).toBe(SIGNATURE);
  });

  it('signs the parameters in their own order and appends the signature last', () => {
    const q = signedQuery(
      [
        ['symbol', 'LTCBTC'],
        ['side', 'BUY'],
        ['type', 'LIMIT'],
        ['timeInForce', 'GTC'],
        ['quantity', 1],
        ['price', '0.1'],
        ['recvWindow', 5000],
        ['timestamp', 1499827319559],
      ],
      SECRET,
    );
    expect(q).toBe(`${QUERY}&signature=${SIGNATURE}`);
  });

  it.each([
    ['another secret', `${SECRET}x`, QUERY],
    ['one parameter changed', SECRET, QUERY.replace('quantity=1', 'quantity=2')],
    [
      'parameters reordered',
      SECRET,
      'side=BUY&symbol=LTCBTC&type=LIMIT&timeInForce=GTC&quantity=1&price=0.1&recvWindow=5000&timestamp=1499827319559',
    ],
  ])('changes with %s', (_name, secret, query) => {
    expect(binanceSignature(secret, query)).not.toBe(SIGNATURE);
  });
});
