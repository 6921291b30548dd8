import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MembershipInfo, SessionUser } from '@arb/shared';
import { AuthProvider } from '../../../shared/auth/auth-context';
import { saveSession } from '../../../shared/lib/session';
import { MembershipBanner } from './MembershipBanner';

const base: MembershipInfo = {
  user_name: 'Ana',
  phone_number: null,
  email: 'ana@example.com',
  membership_status: 'inactive',
  membership_start: null,
  membership_end: null,
  days_remaining: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  membership_required: true,
};

let answer: MembershipInfo;
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  if (String(input).endsWith('/api/membership/my-membership')) return new Response(JSON.stringify(answer), { status: 200 });
  return new Response('{}', { status: 404 });
});

function signIn(role: SessionUser['role']) {
  const payload = btoa(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
  const user: SessionUser = { id: 'u1', email: 'ana@example.com', user_name: 'Ana', role, email_verified: true, phone_number: null };
  saveSession({ token: `h.${payload}.s`, refreshToken: 'r', user });
}

async function renderBanner() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter>{children}</MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>
  );
  const view = render(<MembershipBanner />, { wrapper });
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  // Let the answer render (or not).
  await new Promise((r) => setTimeout(r, 20));
  return view;
}

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MembershipBanner (docs/product.md#memberships)', () => {
  it('tells a user without an active membership why they cannot write, with a link to Mi Membresía', async () => {
    signIn('USER');
    answer = { ...base, membership_status: 'expired' };
    await renderBanner();
    expect(await screen.findByText('Tu membresía no está activa. Sube tu comprobante de pago en Mi Membresía.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mi Membresía' }).getAttribute('href')).toBe('/membership');
  });

  it.each([
    ['the membership is active', { membership_status: 'active', days_remaining: 12 }, 'USER'],
    ['memberships are not required', { membership_required: false }, 'USER'],
    ['the user is an administrator', {}, 'ADMIN'],
  ] as const)('renders nothing when %s', async (_name, patch, role) => {
    signIn(role);
    answer = { ...base, ...patch };
    const { container } = await renderBanner();
    expect(container.textContent).toBe('');
  });
});
