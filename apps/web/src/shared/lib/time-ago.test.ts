import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

const NOW = Date.parse('2026-11-27T03:19:00Z');

describe('timeAgo: how long ago, short, in es-ES', () => {
  it.each([
    ['2026-11-27T03:17:00Z', 'hace 2 min'],
    ['2026-11-27T03:18:59Z', 'hace 1 min'], // under a minute still says a minute, never "hace 0 min"
    ['2026-11-27T03:20:00Z', 'hace 1 min'], // a clock a little ahead: not "dentro de"
    ['2026-11-27T02:19:00Z', 'hace 1 h'],
    ['2026-11-26T04:19:00Z', 'hace 23 h'],
    ['2026-11-22T03:19:00Z', 'hace 5 d'],
  ])('%s → %s', (since, expected) => {
    expect(timeAgo(since, NOW)).toBe(expected);
  });

  it('an unreadable instant has no age', () => {
    expect(timeAgo('ayer', NOW)).toBeUndefined();
  });
});
