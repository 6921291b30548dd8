import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePublicConfig } from './public-config';

afterEach(() => vi.unstubAllGlobals());

describe('usePublicConfig (docs/product.md#account-security)', () => {
  it('asks nothing while not needed (a verified user on /dashboard), once when it is', async () => {
    const answer = { requireEmailVerification: false, membershipRequired: false, telegram: { enabled: false, botUsername: null } };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const hook = renderHook(({ needed }) => usePublicConfig(needed), { initialProps: { needed: false } });
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(hook.result.current).toBeUndefined();
    hook.rerender({ needed: true });
    await waitFor(() => expect(hook.result.current).toEqual(answer));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0] as unknown[])[0]).toBe('/api/config');
  });
});
