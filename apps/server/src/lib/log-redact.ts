/**
 * What pino blanks in every log line (docs/product.md#binance-sync, DESIGN §28): a Binance key, its
 * secret, the key header and a request's signature, wherever a log object carries them (at the
 * top or one level down, e.g. `{body: {apiSecret}}`, and in request headers).
 */
export const LOG_REDACT = {
  paths: [
    'apiKey',
    'apiSecret',
    'signature',
    '*.apiKey',
    '*.apiSecret',
    '*.signature',
    'req.headers["x-mbx-apikey"]',
    'headers["x-mbx-apikey"]',
    '*.headers["x-mbx-apikey"]',
    'req.body.apiKey',
    'req.body.apiSecret',
  ],
  censor: '[oculto]',
};
