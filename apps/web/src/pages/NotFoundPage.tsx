import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { ThemeToggle } from '../shared/ui/ThemeToggle';

export default function NotFoundPage() {
  return (
    <Box component="main" sx={{ textAlign: 'center', pt: 12, px: 2 }}>
      <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
        <ThemeToggle color="default" />
      </Box>
      <Typography variant="h1" sx={{ fontSize: 72, fontWeight: 700, color: 'text.secondary' }}>
        404
      </Typography>
      <Typography variant="h5" component="h1" gutterBottom>
        Página no encontrada
      </Typography>
      <Button component={RouterLink} to="/dashboard" variant="contained" sx={{ mt: 2 }}>
        Volver al inicio
      </Button>
    </Box>
  );
}
