import { afterEach, describe, expect, it, vi } from 'vitest';
import { importWhenOnline } from './import-when-online';

let onLine: ReturnType<typeof vi.spyOn> | undefined;
const offline = (value: boolean) => (onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!value));
const failed = () => new TypeError('Failed to fetch dynamically imported module');

afterEach(() => onLine?.mockRestore());

describe('importWhenOnline', () => {
  it('answers at once when the load succeeds', async () => {
    await expect(importWhenOnline(() => Promise.resolve('módulo'))).resolves.toBe('módulo');
  });

  it('offline, does not fail: it tries again each time the connection comes back', async () => {
    const spy = offline(true);
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(failed()).mockRejectedValueOnce(failed()).mockResolvedValue('módulo');
    let settled = false;
    const result = importWhenOnline(load).finally(() => (settled = true));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false); // still waiting, not rejected
    window.dispatchEvent(new Event('online')); // still offline when it tried: waits for the next one
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(settled).toBe(false);
    spy.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await expect(result).resolves.toBe('módulo');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('online, a failed load fails (a file gone after a deploy: the error screen reloads the app)', async () => {
    offline(false);
    await expect(importWhenOnline(() => Promise.reject(failed()))).rejects.toThrow('Failed to fetch');
  });
});
