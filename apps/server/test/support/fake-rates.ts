import { createServer, type Server } from 'node:http';

export interface FakeRoute {
  status?: number;
  body?: unknown;
  /** Milliseconds to wait before answering (time-out tests). */
  delayMs?: number;
  /** Never answer. */
  hang?: boolean;
}

export interface FakeRates {
  url: string;
  /** Sets what a path answers, e.g. set('/v1/dolares/oficial', {body: {...}}). */
  set(path: string, route: FakeRoute): void;
  hits(path: string): number;
  close(): Promise<void>;
}

/** The real DolarApi JSON shape (docs/architecture.md#tests): tests never reach the internet. */
export const dolarApiBody = (fuente: string, promedio: number | null, fechaActualizacion: string | null = '2026-11-20T00:00:00-04:00') => ({
  moneda: 'USD',
  fuente,
  nombre: fuente === 'oficial' ? 'Oficial' : 'Paralelo',
  compra: null,
  venta: null,
  promedio,
  fechaActualizacion,
});

/** One day of DolarApi's historicos answer, e.g. `{fuente:'paralelo', …, promedio: 310.5, fecha: '2026-11-20'}`. */
export const historicoBody = (fuente: string, fecha: string, promedio: number | null) => ({
  fuente,
  nombre: fuente === 'oficial' ? 'Oficial' : 'Paralelo',
  compra: null,
  venta: null,
  promedio,
  fecha,
});

/** A CriptoYa-style Binance P2P quote (`time` in epoch seconds). */
export const binanceBody = (ask: number, bid: number, time: number | null = 1_795_000_000) => ({
  ask,
  totalAsk: ask,
  bid,
  totalBid: bid,
  time,
});

export async function startFakeRates(): Promise<FakeRates> {
  const routes = new Map<string, FakeRoute>([
    ['/v1/dolares/oficial', { body: dolarApiBody('oficial', 236.4567) }],
    ['/v1/dolares/paralelo', { body: dolarApiBody('paralelo', 310.5) }],
    // DESIGN §24's history endpoints (DolarApi historicos shape): empty unless a test sets days.
    ['/v1/historicos/dolares/oficial', { body: [] }],
    ['/v1/historicos/dolares/paralelo', { body: [] }],
  ]);
  const counts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const route = routes.get(path);
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    if (route.hang) return;
    const answer = () => {
      res.writeHead(route.status ?? 200, { 'content-type': 'application/json' });
      res.end(typeof route.body === 'string' ? route.body : JSON.stringify(route.body ?? {}));
    };
    if (route.delayMs) setTimeout(answer, route.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    set: (path, route) => routes.set(path, route),
    hits: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
