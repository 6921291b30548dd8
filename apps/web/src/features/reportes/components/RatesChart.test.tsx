import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../shared/lib/session';
import { RatesChart } from './RatesChart';

/** uPlot draws on a canvas jsdom lacks: a stand-in records what the chart was given. */
const made: Array<{ opts: { series: Array<{ label?: string }> }; data: unknown[] }> = [];
vi.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: () => () => null };
    static tzDate = (d: Date) => d;
    constructor(opts: { series: Array<{ label?: string }> }, data: unknown[]) {
      made.push({ opts, data });
    }
    setData() {}
    setSize() {}
    destroy() {}
  }
  return { default: FakePlot };
});
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

function signIn(): void {
  const payload = btoa(JSON.stringify({ sub: 'u-ana', exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
  saveSession({
    token: `h.${payload}.s`,
    refreshToken: 'r',
    user: { id: 'u-ana', email: 'a@example.com', user_name: 'Ana', role: 'USER', email_verified: true, phone_number: null },
  });
}

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const open = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RatesChart desde="2026-03-01" hasta="2026-03-03" />
    </QueryClientProvider>,
  );

beforeEach(() => {
  made.length = 0;
  localStorage.clear();
  signIn();
  globalThis.ResizeObserver ??= class {
    observe() {}
    disconnect() {}
    unobserve() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RatesChart (DESIGN §24 GET /api/rates/history)', () => {
  it('draws BCV and paralelo per calendar day, gaps as null, from the answer asked for the month', async () => {
    const fetchMock = answer(200, {
      dias: [
        { fecha: '2026-03-01', oficial: 36.5, paralelo: 40.25 },
        { fecha: '2026-03-02', oficial: null, paralelo: 41 },
        { fecha: '2026-03-03', oficial: 37, paralelo: null },
      ],
    });
    open();
    expect(await screen.findByRole('img', { name: 'Tasas BCV y paralela' })).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0 as never])).toBe('/api/rates/history?desde=2026-03-01&hasta=2026-03-03');
    expect(made).toHaveLength(1);
    expect(made[0]!.opts.series.slice(1).map((s) => s.label)).toEqual(['BCV', 'Paralelo']);
    // x: the days at UTC midnight in seconds (2026-03-01 = 1772323200).
    expect(made[0]!.data).toEqual([
      [1772323200, 1772409600, 1772496000],
      [36.5, null, 37],
      [40.25, 41, null],
    ]);
  });

  it('labels its days and values in es-ES: ticks "01/03", the legend "Fecha 01/03/2026" and "36,50 Bs" (uPlot said "Time" and "3/1") — walk3', async () => {
    answer(200, { dias: [{ fecha: '2026-03-01', oficial: 36.5, paralelo: 40.25 }] });
    open();
    await screen.findByRole('img', { name: 'Tasas BCV y paralela' });
    const opts = made[0]!.opts as unknown as {
      axes: Array<{ values: (u: null, ticks: number[]) => string[]; incrs: number[] }>;
      series: Array<{ label?: string; value: (u: null, v: number | null) => string }>;
    };
    expect(opts.axes[0]!.values(null, [1772323200, 1772409600, 1796256000])).toEqual(['01/03', '02/03', '03/12']);
    // Whole days only: a three-day month start is never split into hours labelled as days.
    expect(Math.min(...opts.axes[0]!.incrs)).toBe(86_400);
    expect(opts.series[0]!.label).toBe('Fecha');
    expect(opts.series[0]!.value(null, 1772323200)).toBe('01/03/2026');
    expect(opts.series[1]!.value(null, 36.5)).toBe('36,50 Bs');
    expect(opts.series[2]!.value(null, 310.1234)).toBe('310,1234 Bs');
    expect(opts.series[2]!.value(null, null)).toBe('—');
  });

  it('a month without any stored rate says so in Spanish', async () => {
    answer(200, { dias: [{ fecha: '2026-03-01', oficial: null, paralelo: null }] });
    open();
    expect(await screen.findByText('No hay tasas guardadas para este mes')).toBeTruthy();
    expect(made).toHaveLength(0);
  });

  it('an endpoint that is not there (404) or fails shows a Spanish notice, not a crash', async () => {
    answer(404, { error: 'Recurso no encontrado', code: 'NOT_FOUND' });
    open();
    expect(await screen.findByText('No se pudieron cargar las tasas')).toBeTruthy();
    cleanup();
    answer(200, { unexpected: true });
    open();
    expect(await screen.findByText('No hay tasas guardadas para este mes')).toBeTruthy();
    expect(made).toHaveLength(0);
  });
});
