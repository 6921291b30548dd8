// Built on first use: the membership page's sessions list is its one reader.
let format: Intl.RelativeTimeFormat | undefined;
const relative = () => (format ??= new Intl.RelativeTimeFormat('es-ES', { style: 'short', numeric: 'always' }));

/**
 * How long ago `since` was, short ("hace 2 min", "hace 3 h", "hace 5 d"; "hace 1 min" for the last
 * minute), or undefined for an unreadable instant. The exact time is shown beside it in 24 h
 * (formatDateTime), as everywhere in the app.
 */
export function timeAgo(since: string, nowMs: number = Date.now()): string | undefined {
  const then = new Date(since).getTime();
  if (Number.isNaN(then)) return undefined;
  const minutes = Math.max(1, Math.floor((nowMs - then) / 60_000));
  if (minutes < 60) return relative().format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return relative().format(-hours, 'hour');
  return relative().format(-Math.floor(hours / 24), 'day');
}
