import { describe, expect, it } from 'vitest';
import { esES } from '@mui/material/locale';
import { muiSpanish } from './mui-spanish';

type Props = Record<string, unknown>;
const props = (l: typeof esES, name: string) => (l.components as Record<string, { defaultProps: Props }>)[name]!.defaultProps;

// The copy must say exactly what MUI's esES says: a text changed in an MUI update shows here.
describe('muiSpanish', () => {
  it('localizes the same components as MUI esES', () => {
    expect(Object.keys(muiSpanish.components ?? {}).sort()).toEqual(Object.keys(esES.components ?? {}).sort());
  });

  it.each(['MuiBreadcrumbs', 'MuiTablePagination', 'MuiRating', 'MuiAutocomplete', 'MuiAlert', 'MuiPagination'])(
    '%s has the same plain texts and prop names',
    (name) => {
      const ours = props(muiSpanish, name);
      const theirs = props(esES, name);
      expect(Object.keys(ours).sort()).toEqual(Object.keys(theirs).sort());
      for (const [key, value] of Object.entries(theirs)) if (typeof value === 'string') expect(ours[key]).toBe(value);
    },
  );

  it.each([
    // [type, page, selected]
    ['page', 3, false],
    ['page', 3, true],
    ['first', 1, false],
    ['last', 9, false],
    ['next', 2, false],
    ['previous', 1, false],
  ] as const)('pagination aria label for %s %s (selected %s) matches', (type, page, selected) => {
    type Label = (t: string, p: number, s: boolean) => string;
    expect((props(muiSpanish, 'MuiPagination').getItemAriaLabel as Label)(type, page, selected)).toBe(
      (props(esES, 'MuiPagination').getItemAriaLabel as Label)(type, page, selected),
    );
    expect((props(muiSpanish, 'MuiTablePagination').getItemAriaLabel as (t: string) => string)(type)).toBe(
      (props(esES, 'MuiTablePagination').getItemAriaLabel as (t: string) => string)(type),
    );
  });

  it.each([
    // from, to, count → "1–25 de 1.200" (es-ES groups four-digit numbers and more with a dot)
    [1, 25, 1200],
    [26, 50, -1],
    [1, 5, 5],
  ])('labelDisplayedRows(%s, %s, %s) matches', (from, to, count) => {
    type Label = (a: { from: number; to: number; count: number; page: number }) => string;
    const args = { from, to, count, page: 0 };
    expect((props(muiSpanish, 'MuiTablePagination').labelDisplayedRows as Label)(args)).toBe(
      (props(esES, 'MuiTablePagination').labelDisplayedRows as Label)(args),
    );
  });

  it.each([
    [1, '1 Estrella'],
    [4, '4 Estrellas'],
  ])('rating label %s', (value, text) => {
    expect((props(muiSpanish, 'MuiRating').getLabelText as (v: number) => string)(value)).toBe(text);
  });
});
