import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { withSignedIn } from '../../../shared/testing/signed-in';
import SociosPage from '../pages/SociosPage';

/**
 * The Socios page's tests' one harness (like cuentas/testing): Ana and Beto, the ledger's id, Ana
 * signed in before each test, and the page rendered at its route. Each test file keeps its own fake
 * API, whose answers are what the file is about.
 */

export const ANA = {
  id: 'u-ana',
  email: 'ana@example.com',
  user_name: 'Ana',
  role: 'USER',
  email_verified: true,
  phone_number: null,
} as const;
export const BETO = { id: 'u-beto', user_name: 'Beto', email: 'beto@example.com' };
export const LEDGER = 'a1b2c3d4-0000-4000-8000-000000000001';

/** Each test of the file starts with Ana signed in and ends with the page gone and fetch restored. */
export const withAnaSignedIn = (): void => withSignedIn(ANA);

/** The Socios page at /ledger/:ledgerId/socios, with a fresh query cache. */
export const openSociosPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/ledger/${LEDGER}/socios`]}>
        <Routes>
          <Route path="/ledger/:ledgerId/socios" element={<SociosPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** A sentence whose figures sit in their own no-wrap spans (FigureText): the element that holds all of it. */
export const wholeText = (text: string) => (_: string, el: Element | null) =>
  el?.textContent === text && Array.from(el.children).every((c) => c.textContent !== text);
