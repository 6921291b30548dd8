import { Alert, Box, Button, Typography } from '@mui/material';
import { messages } from '@arb/shared';

/** 'Algo salió mal' with a retry that reloads /dashboard; the stack is cut to 300 characters. */
export default function ErrorScreen({ error }: { error: Error }) {
  return (
    <Box role="alert" sx={{ maxWidth: 640, mx: 'auto', mt: 8, p: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Algo salió mal
      </Typography>
      <Alert severity="error" sx={{ mb: 2 }}>
        {error.message || messages.unexpectedError}
      </Alert>
      {error.stack && (
        <Box component="pre" sx={{ fontSize: 12, whiteSpace: 'pre-wrap', opacity: 0.7, mb: 2 }}>
          {error.stack.slice(0, 300)}
        </Box>
      )}
      <Button variant="contained" onClick={() => window.location.assign('/dashboard')}>
        Reintentar
      </Button>
    </Box>
  );
}
