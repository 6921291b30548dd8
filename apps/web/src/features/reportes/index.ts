import { lazy } from 'react';

/**
 * The BCV and parallel rates chart (DESIGN §24), for other pages (the ledger history). Lazy: uPlot
 * and the chart stay in their own chunk, fetched only where the chart is drawn (decision 0051).
 */
export const LazyRatesChart = lazy(() => import('./components/RatesChart').then((m) => ({ default: m.RatesChart })));
