import { useState } from 'react';
import { Alert, Button, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { formatDateTime, messages } from '@arb/shared';
import { useUndoChange } from '../../shared/api/restore-change';
import { errorMessage } from '../../shared/lib/api-client';
import { UndoSnackbar } from '../../shared/ui/UndoSnackbar';
import { useImports, useUndoImport } from './api';
import { operacionesTexto } from '../../shared/lib/operaciones-texto';

/**
 * The ledger history page's list of imports with "Deshacer importación" (docs/product.md#binance-import):
 * for the owner and the member who imported, unless `canWrite` is false (a viewer, "Solo lectura":
 * undoing would answer 403 SOLO_LECTURA).
 */
export function ImportsSection({
  ledgerId,
  userId,
  isOwner,
  canWrite = true,
}: {
  ledgerId: string;
  userId: string | undefined;
  isOwner: boolean;
  canWrite?: boolean;
}) {
  const imports = useImports(ledgerId);
  const undo = useUndoImport(ledgerId);
  // docs/product.md#undo: "Deshacer" for 10 s after undoing an import brings its rows back.
  const [undoneBatch, setUndoneBatch] = useState<string | null>(null);
  const restore = useUndoChange();
  if (!imports.data || imports.data.length === 0) return null;
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h6">{messages.importListTitle}</Typography>
      {undo.error && <Alert severity="error">{errorMessage(undo.error, messages.requestError)}</Alert>}
      {restore.error && <Alert severity="error">{errorMessage(restore.error, messages.restoreError)}</Alert>}
      <List dense>
        {imports.data.map((b) => (
          <ListItem
            key={b.id}
            secondaryAction={
              b.undone ? (
                <Typography variant="caption">{messages.importUndone}</Typography>
              ) : canWrite && (isOwner || b.user?.id === userId) ? (
                <Button
                  size="small"
                  color="error"
                  disabled={undo.isPending}
                  onClick={() => undo.mutate(b.id, { onSuccess: () => setUndoneBatch(b.id) })}
                >
                  {messages.importUndo}
                </Button>
              ) : undefined
            }
          >
            <ListItemText
              primary={`${b.fileName} · ${operacionesTexto(b.created)}`}
              secondary={`${b.user?.user_name ?? messages.deletedUser} · ${formatDateTime(b.createdAt) ?? ''}`}
            />
          </ListItem>
        ))}
      </List>
      <UndoSnackbar
        message={undoneBatch ? messages.importUndoDone : null}
        busy={restore.isPending}
        onUndo={() => {
          if (!undoneBatch || !userId) return;
          restore.mutate({ ledgerId, action: 'IMPORT_UNDONE', entityId: undoneBatch, userId }, { onSettled: () => setUndoneBatch(null) });
        }}
        onClose={() => setUndoneBatch(null)}
      />
    </Paper>
  );
}
