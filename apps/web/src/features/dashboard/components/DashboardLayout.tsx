import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/**
 * Where the dashboard's pieces go (docs/benchmarks.md, SPEC's two columns). Each slot is rendered once
 * and placed by grid areas, so other pieces (a position card, an import button…) slot into an
 * area without touching the order logic:
 * - phone (< 600 px): the compact summary, then the new-transaction form — within the first
 *   screen at 360 × 760 —, then the day's operations, then the full figures and the tools;
 * - tablet (600–899 px): the same single column and order, so the form's first field is within
 *   the first screen at 768 × 1024 too (issue 22: the full figures and the position card above it
 *   pushed it below);
 * - desktop (≥ 900 px): the tools on the left, figures, form and operations on the right.
 */
export interface DashboardSlots {
  /** Available Bs.S and USD and the day's profit; phones and tablets (one column). */
  compactSummary?: ReactNode;
  form: ReactNode;
  dayList?: ReactNode;
  /** Every figure of the day (the tiles). */
  figures?: ReactNode;
  /** Ledger actions, date, rates, ledger selector, group management. */
  tools?: ReactNode;
}

/**
 * Below the day's list on phones and tablets, the figures and the tools are drawn only when they
 * come near the screen: until then the browser skips their style, layout and paint, which every
 * commit after the first paint otherwise redid (docs/decisions/0024-entry-and-commit-tasks.md).
 * In the desktop's columns they are on screen, drawn as always.
 */
const BELOW_THE_LIST = {
  contentVisibility: { xs: 'auto', md: 'visible' },
  containIntrinsicSize: { xs: 'auto none auto 600px', md: 'none' },
} as const;

export function DashboardLayout({ compactSummary, form, dayList, figures, tools }: DashboardSlots) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        alignItems: 'start',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(260px, 320px) minmax(0, 1fr)' },
        gridTemplateRows: { md: 'auto auto 1fr' },
        gridTemplateAreas: {
          xs: '"compact" "form" "list" "figures" "tools"',
          md: '"tools figures" "tools form" "tools list"',
        },
      }}
    >
      {compactSummary && <Box sx={{ gridArea: 'compact', minWidth: 0, display: { xs: 'block', md: 'none' } }}>{compactSummary}</Box>}
      <Box sx={{ gridArea: 'form', minWidth: 0 }}>{form}</Box>
      {dayList && <Box sx={{ gridArea: 'list', minWidth: 0 }}>{dayList}</Box>}
      {figures && <Box sx={{ gridArea: 'figures', minWidth: 0, ...BELOW_THE_LIST }}>{figures}</Box>}
      {tools && (
        <Box
          component="aside"
          aria-label="Opciones del registro"
          sx={{ gridArea: 'tools', minWidth: 0, display: 'grid', gap: 2, ...BELOW_THE_LIST }}
        >
          {tools}
        </Box>
      )}
    </Box>
  );
}
