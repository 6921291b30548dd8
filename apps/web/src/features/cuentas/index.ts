/** The cuentas feature's public surface for other features: the es-ES amount field (docs/product.md#money). */
export { AmountField } from './components/AmountField';
