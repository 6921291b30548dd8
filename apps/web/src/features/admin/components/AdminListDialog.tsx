import type { ReactNode } from 'react';
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/lib/api-client';

interface Props<T> {
  open: boolean;
  title: ReactNode;
  maxWidth: 'md' | 'lg';
  /** The list the dialog shows, loaded when it opens. */
  list: UseQueryResult<T[]>;
  loadingLabel: string;
  /** packages/shared/src/errors.ts fallback when the server gives no message. */
  errorFallback: string;
  emptyText: string;
  onClose(): void;
  children(items: T[]): ReactNode;
}

/**
 * The admin's read-only views of one user's data (payment proofs, transactions): a spinner while
 * loading, the server's message on failure, SPEC's empty text, and 'Cerrar'.
 */
export function AdminListDialog<T>({ open, title, maxWidth, list, loadingLabel, errorFallback, emptyText, onClose, children }: Props<T>) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={maxWidth}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers>
        {list.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress aria-label={loadingLabel} />
          </Box>
        )}
        {list.isError && <Alert severity="error">{errorMessage(list.error, errorFallback)}</Alert>}
        {list.data && list.data.length === 0 && <Typography color="textSecondary">{emptyText}</Typography>}
        {list.data && list.data.length > 0 && children(list.data)}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
