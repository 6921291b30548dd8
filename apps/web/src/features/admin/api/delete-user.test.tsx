import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@arb/shared';
import { adminUser } from '../testing/admin-user';
import { useDeleteUser } from './delete-user';
import { useUsers } from './get-users';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const page = (users: unknown[]) =>
  new Response(JSON.stringify({ users, total: users.length, page: 1, pageSize: 25 }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

describe('deleting a user from the admin list', () => {
  it('a list read that left before the delete cannot bring the user back', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`);
    const doomed = adminUser({ id: 'doomed', email: 'doomed@example.com' });
    let deleted = false;
    const stale: Array<() => void> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (init.method === 'DELETE') {
          deleted = true;
          return new Response(null, { status: 204 });
        }
        const before = !deleted;
        // The first read (the search the admin just typed) is slow and answers what it saw.
        if (before && stale.length === 0) return new Promise<Response>((resolve) => stale.push(() => resolve(page([doomed]))));
        return page(before ? [doomed] : []);
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(
      () => ({ list: useUsers({ search: 'doomed', sort: '-created_at', page: 1, pageSize: 25 }), remove: useDeleteUser() }),
      { wrapper },
    );
    await waitFor(() => expect(stale).toHaveLength(1));
    await act(async () => {
      await result.current.remove.mutateAsync('doomed');
    });
    act(() => stale[0]!());
    await waitFor(() => expect(result.current.list.data?.users).toEqual([]));
    await new Promise((r) => setTimeout(r, 50));
    expect(result.current.list.data?.users).toEqual([]);
  });
});
