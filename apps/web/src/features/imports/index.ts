/** The Binance P2P import (DESIGN §12): the dashboard's dialog and the history page's list. */
export { ImportBinanceDialog } from './ImportBinanceDialog';
export { ImportsSection } from './ImportsSection';
