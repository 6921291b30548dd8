/**
 * "1 operación", "4 operaciones": a count of trades, singular for one (socios walk: "beto-binance.csv
 * · 1 operaciones"; decision 0065). Web-only, out of packages/shared so no entry bundle carries it:
 * the imports list, the import dialog and the activity's import sentences use it.
 */
export const operacionesTexto = (n: number): string => (n === 1 ? '1 operación' : `${n} operaciones`);
