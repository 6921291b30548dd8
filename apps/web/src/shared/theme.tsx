import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { esES } from '@mui/material/locale';
import { STORAGE_KEYS, storage } from './lib/storage';

type Mode = 'light' | 'dark';

interface ColorModeValue {
  mode: Mode;
  toggle: () => void;
}

const ColorModeContext = createContext<ColorModeValue | null>(null);

function initialMode(): Mode {
  return storage.get(STORAGE_KEYS.colorMode) === 'dark' ? 'dark' : 'light';
}

/** The app's theme for a mode: palette, Spanish component texts, SPEC's button casing. */
export function buildTheme(mode: Mode) {
  return createTheme(
    {
      palette: {
        mode,
        primary: { main: mode === 'light' ? '#0d47a1' : '#90caf9' },
        // Orange at WCAG AA (4.5:1) in both themes: MUI's #ed6c02 is 3.1:1 against white
        // ("Pago Pendiente", "ADMIN", "Pendiente de revisión"; issue 25). Checked in theme.test.ts.
        secondary: { main: mode === 'light' ? '#b45309' : '#ffb74d' },
        warning: { main: mode === 'light' ? '#b45309' : '#ffa726' },
        success: { main: mode === 'light' ? '#2e7d32' : '#66bb6a' },
        error: { main: mode === 'light' ? '#c62828' : '#ef5350' },
      },
      shape: { borderRadius: 10 },
      typography: {
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
        // SPEC's casing, not upper case: "Reenviar en 29s", "(312,50 Bs)" (issue 25).
        button: { textTransform: 'none' },
      },
      // Touch targets of at least 44 px on phones (issue 22); desktop keeps MUI's sizes.
      components: {
        MuiButton: { styleOverrides: { root: ({ theme: t }) => ({ [t.breakpoints.down('sm')]: { minHeight: 44 } }) } },
        MuiIconButton: { styleOverrides: { root: ({ theme: t }) => ({ [t.breakpoints.down('sm')]: { minWidth: 44, minHeight: 44 } }) } },
        // A table's right-aligned cells hold figures ("-23.050,50 USD"): each stays on one line, the
        // table scrolls in its container instead (issue 36: figures split from their unit at 360 px).
        MuiTableCell: { styleOverrides: { root: { '&.MuiTableCell-alignRight': { whiteSpace: 'nowrap' } } } },
      },
    },
    // Spanish accessible names for MUI's own controls ("Cerrar" on every dismissable alert).
    esES,
  );
}

/** Light/dark theme, default light, persisted under the colour-mode key (docs/product.md#screens Global). */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const theme = useMemo(() => buildTheme(mode), [mode]);
  const value = useMemo<ColorModeValue>(
    () => ({
      mode,
      toggle: () =>
        setMode((m) => {
          const next = m === 'light' ? 'dark' : 'light';
          storage.set(STORAGE_KEYS.colorMode, next);
          return next;
        }),
    }),
    [mode],
  );
  return (
    <ColorModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        {/* color-scheme follows the mode: native date and select icons stay visible in dark. */}
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}

export function useColorMode(): ColorModeValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error('useColorMode debe usarse dentro de AppThemeProvider');
  return value;
}
