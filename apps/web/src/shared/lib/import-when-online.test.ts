import { describe, expect, it, vi } from 'vitest';
import { importWhenOnline } from './import-when-online';

describe('importWhenOnline', () => {
  it('answers at once when the load succeeds', async () => {
    await expect(importWhenOnline(() => Promise.resolve('módulo'))).resolves.toBe('módulo');
  });

  it('does not fail while offline: it tries again each time the connection comes back', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue('módulo');
    let settled = false;
    const result = importWhenOnline(load).finally(() => (settled = true));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false); // still waiting, not rejected
    window.dispatchEvent(new Event('online')); // fails again: waits for the next one
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(settled).toBe(false);
    window.dispatchEvent(new Event('online'));
    await expect(result).resolves.toBe('módulo');
    expect(load).toHaveBeenCalledTimes(3);
  });
});
