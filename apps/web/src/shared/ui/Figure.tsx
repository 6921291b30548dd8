import { useLayoutEffect, useRef, type RefObject } from 'react';
import { Typography, type SxProps, type Theme } from '@mui/material';

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

/** The scale (two decimals, rounded down) that makes `content` px fit in `box` px; 1 when it fits. */
export function fitScale(box: number, content: number): number {
  if (content <= box || content <= 0) return 1;
  return Math.floor((box / content) * 100) / 100;
}

/**
 * The figure of a tile: one line, at most `max`, shrunk to the tile's width when long, so tens of
 * millions of Bs.S stay whole and readable on a 360 px phone instead of wrapping mid-number
 * (issue 25). Measured, not estimated: glyph widths differ between the phones' fonts.
 */
/**
 * Shrinks the one-line text in `ref` to its box's width when it is wider, from `max` down, so tens
 * of millions of Bs.S stay whole and readable on a 360 px phone instead of wrapping mid-number
 * (issue 25). Measured, not estimated: glyph widths differ between the phones' fonts.
 */
export function useFitToWidth(ref: RefObject<HTMLElement | null>, value: string, max: string): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fit = () => {
      el.style.fontSize = ''; // measure at the maximum size
      const scale = fitScale(el.clientWidth, el.scrollWidth);
      if (scale < 1) el.style.fontSize = `calc(${max} * ${scale})`;
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    // The paragraph is a block: its width follows the tile's, never its own font size (no loop).
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, value, max]);
}

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
