import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { STORAGE_KEYS, type ImportPreview } from '@arb/shared';
import { ImportBinanceDialog } from './ImportBinanceDialog';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const LEDGER = '11111111-1111-4111-8111-111111111111';
const row = (line: number, action: 'new' | 'skipped', reason?: string) => ({
  line,
  orderNumber: `2274518874553321472${line}`,
  type: 'SELL' as const,
  asset: 'USDT',
  fiat: 'VES',
  price: 40,
  quantity: 100,
  total: 4000,
  fee: 0,
  counterparty: null,
  status: action === 'new' ? 'Completed' : 'Cancelled',
  createdAt: '2026-11-20T10:00:00-04:00',
  fecha: '2026-11-20',
  action,
  ...(reason ? { reason } : {}),
  warnings: [],
});
// 250 rows: the table shows them 100 at a time.
const PREVIEW: ImportPreview = {
  format: 'binance-p2p',
  timezone: 'America/Caracas',
  rows: [...Array.from({ length: 249 }, (_, i) => row(i + 2, 'new')), row(251, 'skipped', 'Estado: Cancelled')],
  counts: { new: 249, duplicate: 0, skipped: 1 },
};

/** The counts the fake server answers (a test may say the file was larger than its rows). */
const PREVIEW_COUNTS = { value: PREVIEW.counts };

function setup(props: { metodoGanancia?: string; isOwner?: boolean } = {}) {
  window.localStorage.setItem(STORAGE_KEYS.authToken, `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`);
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const body = url.endsWith('/preview')
        ? { ...PREVIEW, counts: PREVIEW_COUNTS.value }
        : { batch: { id: 'b', created: 249, duplicate: 0, skipped: 1, fechas: ['2026-11-20'] } };
      return new Response(JSON.stringify(body), {
        status: url.endsWith('/preview') ? 200 : 201,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const onDone = vi.fn();
  const onImported = vi.fn(async () => {});
  const onSwitchToAverage = vi.fn(async () => {});
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ImportBinanceDialog
        ledgerId={LEDGER}
        metodoGanancia={props.metodoGanancia}
        isOwner={props.isOwner ?? true}
        onSwitchToAverage={onSwitchToAverage}
        onImported={onImported}
        onClose={vi.fn()}
        onDone={onDone}
      />
    </QueryClientProvider>,
  );
  return { urls, onDone, onImported, onSwitchToAverage, user: userEvent.setup() };
}

afterEach(() => {
  PREVIEW_COUNTS.value = PREVIEW.counts;
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('Importar de Binance', () => {
  it('previews a file with chips and paged rows, then imports and reports the count', async () => {
    const { urls, onDone, onImported, user } = setup();
    expect((screen.getByRole('button', { name: 'Importar 0 operaciones' }) as HTMLButtonElement).disabled).toBe(true);
    const file = new File(['Order Number\n'], 'binance.csv', { type: 'text/csv' });
    await user.upload(screen.getByTestId('import-file'), file);
    await screen.findByText('249 nuevas');
    screen.getByText('0 duplicadas');
    screen.getByText('1 omitidas');
    // Page 1 of 3: lines 2–101.
    screen.getByText('1–100 de 250');
    expect(screen.queryByText('Estado: Cancelled')).toBeNull();
    await user.click(screen.getByRole('button', { name: /siguiente|next/i }));
    await user.click(screen.getByRole('button', { name: /siguiente|next/i }));
    screen.getByText('Estado: Cancelled');
    await user.click(screen.getByRole('button', { name: 'Importar 249 operaciones' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith('Importación completada: 249 operaciones'));
    expect(onImported).toHaveBeenCalled();
    expect(urls.filter((u) => u.includes('/imports'))).toEqual([
      `/api/ledgers/${LEDGER}/imports/preview`,
      `/api/ledgers/${LEDGER}/imports`,
    ]);
  });

  it('under por_operacion explains one-sided orders and offers the owner the switch, only when asked', async () => {
    const { onSwitchToAverage, user } = setup({ metodoGanancia: undefined, isOwner: true });
    screen.getByText(/Las órdenes importadas son de un solo lado/);
    expect(onSwitchToAverage).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cambiar a costo promedio' }));
    expect(onSwitchToAverage).toHaveBeenCalledTimes(1);
  });

  it('a member sees the sentence without the switch; under costo_promedio there is no sentence', () => {
    setup({ metodoGanancia: 'por_operacion', isOwner: false });
    screen.getByText(/Las órdenes importadas son de un solo lado/);
    expect(screen.queryByRole('button', { name: 'Cambiar a costo promedio' })).toBeNull();
    cleanup();
    setup({ metodoGanancia: 'costo_promedio' });
    expect(screen.queryByText(/Las órdenes importadas son de un solo lado/)).toBeNull();
  });

  it('refuses a file over 10 MB in the browser, before any upload, naming the limit (docs/product.md#upload-limits)', async () => {
    const { urls, user } = setup();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'enorme.csv', { type: 'text/csv' });
    await user.upload(screen.getByTestId('import-file'), big);
    await screen.findByText('El archivo debe ser menor a 10MB');
    expect(urls.filter((u) => u.includes('/imports'))).toEqual([]);
    expect((screen.getByRole('button', { name: 'Importar 0 operaciones' }) as HTMLButtonElement).disabled).toBe(true);
    // A file of exactly 10 MB is sent.
    await user.upload(screen.getByTestId('import-file'), new File([new Uint8Array(10 * 1024 * 1024)], 'justo.csv', { type: 'text/csv' }));
    await screen.findByText('249 nuevas');
    expect(urls.filter((u) => u.includes('/imports'))).toEqual([`/api/ledgers/${LEDGER}/imports/preview`]);
    expect(screen.queryByText('El archivo debe ser menor a 10MB')).toBeNull();
  });

  it('says when the preview shows only the first rows of a larger file', async () => {
    const { user } = setup();
    PREVIEW_COUNTS.value = { new: 2_999, duplicate: 0, skipped: 1 };
    await user.upload(screen.getByTestId('import-file'), new File(['Order Number\n'], 'binance.csv', { type: 'text/csv' }));
    await screen.findByText('La vista previa muestra las primeras 250 filas de 3000; la importación incluye todas.');
    screen.getByText('2999 nuevas');
  });

  it('a ledger with accounts: one account per side for the file’s orders, sent with the preview and the import (docs/product.md#cuentas-y-movimientos)', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authToken, `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`);
    const BANESCO = { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', nombre: 'Banesco', moneda: 'VES', archivada: false };
    const BINANCE = { id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc', nombre: 'Binance', moneda: 'USD', archivada: false };
    // The form's last choice for this ledger: the dialog starts from it
    window.localStorage.setItem(`arb:cuentas:${LEDGER}`, JSON.stringify({ ves: BANESCO.id, usd: '' }));
    const sent: Array<{ url: string; fields: Record<string, string> }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url.endsWith('/cuentas'))
          return new Response(
            JSON.stringify({
              fecha: '2026-11-20',
              cuentas: [BANESCO, BINANCE],
              sin_asignar: { ves: 0, usd: 0 },
              totales: { ves: 0, usd: 0 },
            }),
            {
              status: 200,
              headers: { 'content-type': 'application/json' },
            },
          );
        const fields: Record<string, string> = {};
        (init.body as FormData).forEach((v, k) => {
          if (typeof v === 'string') fields[k] = v;
        });
        sent.push({ url, fields });
        const body = url.endsWith('/preview')
          ? PREVIEW
          : { batch: { id: 'b', created: 249, duplicate: 0, skipped: 1, fechas: ['2026-11-20'] } };
        return new Response(JSON.stringify(body), {
          status: url.endsWith('/preview') ? 200 : 201,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const onDone = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ImportBinanceDialog ledgerId={LEDGER} isOwner onImported={async () => {}} onClose={vi.fn()} onDone={onDone} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const ves = (await screen.findByLabelText('Cuenta Bs')) as HTMLSelectElement;
    const usd = screen.getByLabelText('Cuenta USD') as HTMLSelectElement;
    expect([...usd.options].map((o) => o.text)).toEqual(['Sin asignar', 'Binance']);
    expect(ves.value).toBe(BANESCO.id);
    await user.selectOptions(usd, 'Binance');
    await user.upload(screen.getByTestId('import-file'), new File(['Order Number\n'], 'binance.csv', { type: 'text/csv' }));
    await screen.findByText('249 nuevas');
    await user.click(screen.getByRole('button', { name: 'Importar 249 operaciones' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent.map((s) => [s.url.split('/').pop(), s.fields.cuenta_ves_id, s.fields.cuenta_usd_id])).toEqual([
      ['preview', BANESCO.id, BINANCE.id],
      ['imports', BANESCO.id, BINANCE.id],
    ]);
  });
});
