import { Box, CircularProgress, Typography } from '@mui/material';

export function FullPageSpinner({ label }: { label: string }) {
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, mt: 16 }}>
      <CircularProgress />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
