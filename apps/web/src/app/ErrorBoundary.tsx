import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import { messages } from '@arb/shared';

interface State {
  error: Error | null;
}

/** 'Algo salió mal' with a retry that reloads /dashboard; the stack is cut to 300 characters. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn('Error capturado por el límite de errores', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
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
}
