import { Fragment, useRef } from 'react';
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

/**
 * A line of several parts, each a whole figure or words ("23.050,50 USD", "(vendidos)"): it may wrap
 * between parts, never inside one (issue 36: "1.949,50 / USD" split in the position card at 360 px),
 * and shrinks from `max` when one part alone is wider than the box. `fitAll` compares the box's
 * width with its scroll width, which passes it only when a part cannot fit on a line of its own.
 */
export function FigureLine({ parts, max, sx, testId }: { parts: string[]; max: string; sx?: SxProps<Theme>; testId?: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useFitToWidth(ref, parts.join(' '), max);
  return (
    <Typography
      ref={ref}
      component="p"
      data-testid={testId}
      sx={[{ fontVariantNumeric: 'tabular-nums', fontSize: max, minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && ' '}
          <span style={NO_WRAP}>{part}</span>
        </Fragment>
      ))}
    </Typography>
  );
}

/**
 * A money figure inside a sentence: "1.949,50 USD", "-6.964,00 Bs.S", "405,5512 Bs", "405,5512 Bs/USD"
 * (the shapes packages/shared/src/format.ts writes).
 */
const FIGURE_IN_TEXT = /-?\d{1,3}(?:\.\d{3})*,\d{2,8} (?:Bs\.S|USD|Bs(?:\/USD)?)/g;

/**
 * A sentence made elsewhere (an activity line, a notice) with each of its money figures kept whole
 * (issue 36: "ganancia -1.949,50" / "USD" on two lines at 360 px): the text reads the same, and
 * the line wraps between words, never inside a figure.
 */
export function FigureText({ text }: { text: string }) {
  const out: (string | React.JSX.Element)[] = [];
  let last = 0;
  for (const m of text.matchAll(FIGURE_IN_TEXT)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push(<Figure key={m.index}>{m[0]}</Figure>);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return <>{out}</>;
}
