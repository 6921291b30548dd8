import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** Shown by a route whose screen is not built yet, so no route is ever a blank page. */
export function PendingScreen({ title }: { title: string }) {
  return (
    <Box component="main" sx={{ maxWidth: 640, mx: 'auto', mt: 10, px: 2, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="textSecondary" gutterBottom>
        Esta sección estará disponible pronto.
      </Typography>
      <Button component={RouterLink} to="/dashboard" variant="outlined" sx={{ mt: 2 }}>
        Volver al inicio
      </Button>
    </Box>
  );
}
