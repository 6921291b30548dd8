import { Paper, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A card of the membership page. Paper rather than Card/CardContent: the login page uses those,
 * and sharing them would split them out of its first-load chunk (docs/benchmarks.md budget).
 */
export function SectionCard({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Paper elevation={1} sx={[{ p: 2, mb: 3 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {children}
    </Paper>
  );
}
