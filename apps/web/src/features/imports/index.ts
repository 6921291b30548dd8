/** The Binance P2P import (docs/product.md#binance-import): the dashboard's dialog and the history page's list. */
export { ImportBinanceDialog } from './ImportBinanceDialog';
export { ImportsSection } from './ImportsSection';
