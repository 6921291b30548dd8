import { Box, CircularProgress, Typography } from '@mui/material';

export function FullPageSpinner({ label }: { label: string }) {
  // Padding, not margin: a top margin collapses through #root into <body>, so <body> would jump
  // up when the page replaces the spinner (a layout shift Lighthouse scores as CLS).
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, pt: 16 }}>
      <CircularProgress />
      <Typography color="textSecondary">{label}</Typography>
    </Box>
  );
}
