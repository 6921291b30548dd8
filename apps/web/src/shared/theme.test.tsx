import { cleanup, render, screen } from '@testing-library/react';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Alert, Typography } from '@mui/material';
import { getContrastRatio } from '@mui/material/styles';
import { afterEach, describe, expect, it } from 'vitest';
import { AppThemeProvider, buildTheme } from './theme';

afterEach(() => cleanup());

describe('theme (issue 25)', () => {
  it.each(['light', 'dark'] as const)('%s: orange chips and text reach WCAG AA (4.5:1)', (mode) => {
    const { palette } = buildTheme(mode);
    for (const color of [palette.warning, palette.secondary]) {
      // a filled chip: its text on the colour; an outlined chip or coloured text: the colour on the page
      expect(getContrastRatio(color.main, color.contrastText)).toBeGreaterThanOrEqual(4.5);
      expect(getContrastRatio(color.main, palette.background.paper)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("keeps SPEC's casing on buttons ('Reenviar en 29s', '(312,50 Bs)')", () => {
    expect(buildTheme('light').typography.button.textTransform).toBe('none');
  });

  it('names the close button of a dismissable alert "Cerrar"', () => {
    render(
      <AppThemeProvider>
        <Alert onClose={() => undefined}>Hecho</Alert>
      </AppThemeProvider>,
    );
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeTruthy();
  });
});

describe('secondary text (MUI 9)', () => {
  it('Typography color="textSecondary" is the theme\'s secondary text colour', () => {
    render(
      <AppThemeProvider>
        <Typography color="textSecondary">Registrado por Ana</Typography>
      </AppThemeProvider>,
    );
    expect(getComputedStyle(screen.getByText('Registrado por Ana')).color).toBe('rgba(0, 0, 0, 0.6)');
  });

  it('no Typography uses the older color="text.secondary", which MUI 9 ignores without a warning', () => {
    // Forty captions and hints were drawn in the primary text colour that way until this check.
    const src = path.resolve(import.meta.dirname, '..');
    const offenders = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.tsx'))
      .filter((f) => /<Typography[^>]*\scolor="text\./.test(readFileSync(path.join(src, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
