/** SPEC §5: money and rate inputs show 2 decimals once the user leaves them. */
export function toTwoDecimals(raw: string): string {
  const text = raw.trim();
  if (text === '') return '';
  const n = Number(text);
  return Number.isFinite(n) && n >= 0 ? n.toFixed(2) : raw;
}

/** A number from the API as an input value: '' for 0 (an unused side stays empty), 2 decimals unless it has more. */
export function toInputValue(n: number | null | undefined): string {
  if (!n) return '';
  const two = n.toFixed(2);
  return Number(two) === n ? two : String(n);
}
