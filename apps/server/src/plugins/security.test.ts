import { describe, expect, it } from 'vitest';
import { connectSources, securityHeaders } from './security.ts';

describe('connect-src (issue 36: sockets to any host were allowed)', () => {
  it.each([
    ['https://arbitraje.example.com', ["'self'", 'wss://arbitraje.example.com']],
    ['http://127.0.0.1:8080', ["'self'", 'ws://127.0.0.1:8080']],
    [undefined, ["'self'"]],
  ])('%s → %j', (appUrl, expected) => {
    expect(connectSources(appUrl)).toEqual(expected);
  });

  it('names no scheme-wide source in the header', () => {
    const csp = securityHeaders('https://arbitraje.example.com')['content-security-policy']!;
    expect(csp).toContain("connect-src 'self' wss://arbitraje.example.com;");
    expect(csp).not.toMatch(/\s(ws|wss):(\s|;|$)/);
  });
});
