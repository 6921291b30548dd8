/**
 * Stands in for MUI's `locale/utils/buildFormatNumber` (vite.config.ts, plugin
 * `arb-lazy-mui-number-format`): the same formatter, built on its first call instead of when the
 * module is evaluated. TablePagination (its default label) and the `esES` locale call it as they
 * load, so a page's first Intl format, which starts ICU, fell in the dashboard's entry task and
 * in its MUI file's evaluation, 18 ms each time unthrottled (docs/decisions/0024-entry-and-commit-tasks.md).
 */
export default function buildFormatNumber(locale: string): (value: number) => string {
  let formatter: Intl.NumberFormat | null | undefined;
  return (value) => {
    if (!Number.isFinite(value)) return String(value);
    if (formatter === undefined) {
      try {
        formatter = new Intl.NumberFormat(locale);
      } catch {
        formatter = null; // MUI falls back to String()
      }
    }
    return formatter ? formatter.format(value) : String(value);
  };
}
