import { createTheme } from '@mui/material/styles';
import { lazyObject } from './lazy-object';

/**
 * Stands in for MUI's `styles/defaultTheme` (vite.config.ts, plugin `arb-lazy-mui-default-theme`):
 * the same theme, built on first use instead of when the module is evaluated. MUI reads it only
 * where no ThemeProvider is above a component, which never happens in the app (AppThemeProvider
 * wraps every page), yet building it was 6 ms of the entry's task unthrottled, 24 ms at 4× CPU
 * (docs/decisions/0029-the-entrys-evaluation.md).
 */
export default lazyObject(() => createTheme());
