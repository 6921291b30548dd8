import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A label and its value, one line each, as the membership cards show them. */
export function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      {/* A long email must wrap inside the card at 360 px (issue 22). */}
      <Typography component="div" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}
