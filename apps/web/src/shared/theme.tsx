import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
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

/** Light/dark theme, default light, persisted under the colour-mode key (SPEC §2 Global). */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const theme = useMemo(
    () =>
      createTheme({
        palette: {
          mode,
          primary: { main: mode === 'light' ? '#0d47a1' : '#90caf9' },
          secondary: { main: mode === 'light' ? '#ef6c00' : '#ffb74d' },
          success: { main: mode === 'light' ? '#2e7d32' : '#66bb6a' },
          error: { main: mode === 'light' ? '#c62828' : '#ef5350' },
        },
        shape: { borderRadius: 10 },
        typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        // Touch targets of at least 44 px on phones (issue 22); desktop keeps MUI's sizes.
        components: {
          MuiButton: { styleOverrides: { root: ({ theme: t }) => ({ [t.breakpoints.down('sm')]: { minHeight: 44 } }) } },
          MuiIconButton: { styleOverrides: { root: ({ theme: t }) => ({ [t.breakpoints.down('sm')]: { minWidth: 44, minHeight: 44 } }) } },
        },
      }),
    [mode],
  );
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
        <CssBaseline />
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
