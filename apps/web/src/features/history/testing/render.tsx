import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { isPickedDay } from '../../../shared/lib/picked-day';

/**
 * Shows where a link led, so a test can assert the dashboard URL it opened (and that the day was
 * picked), with the browser's "back" as a button.
 */
function Where() {
  const loc = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="location" data-picked-day={isPickedDay(loc.state)}>
        {`${loc.pathname}${loc.search}`}
      </p>
      <button type="button" onClick={() => void navigate(-1)}>
        Atrás
      </button>
    </>
  );
}

/** Renders `element` at `path` (matched by `pattern`) with a fresh query client and a router. */
export function renderAt(element: ReactElement, path: string, pattern = '*') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={element} />
        <Route path="/dashboard" element={<Where />} />
        <Route path="/history" element={<Where />} />
      </Routes>
    </MemoryRouter>,
    { wrapper },
  );
}
