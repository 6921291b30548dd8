import { useRef } from 'react';
import { Typography, type SxProps, type Theme } from '@mui/material';
import { useFitToWidth } from './fit-to-width';

/**
 * A money figure with its unit ("1.013.510,00 Bs.S"): it never breaks apart (issue 25). Inline, in
 * running text and lists: the line may wrap between figures, never inside one.
 */
export function Figure({ children }: { children: string }) {
  // A plain span with one shared style object: a day's list draws ten figures a row, and an `sx`
  // prop each cost the dashboard's first render a style computation per figure (Lighthouse TBT,
  // docs/decisions/0019-dashboard-first-paint.md).
  return <span style={NO_WRAP}>{children}</span>;
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** The figure of a tile: one line, at most `max`, shrunk to the tile's width when long (useFitToWidth). */
export function TileFigure({ value, max, sx, testId }: { value: string; max: string; sx?: SxProps<Theme>; testId?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useFitToWidth(ref, value, max);
  return (
    <Typography
      ref={ref}
      component="p"
      data-testid={testId}
      sx={[
        { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontSize: max, lineHeight: 1.5, minWidth: 0 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {value}
    </Typography>
  );
}
