/** What other features may use from the Binance sync (docs/product.md#binance-sync). */
export { BinanceCard } from './components/BinanceCard';
