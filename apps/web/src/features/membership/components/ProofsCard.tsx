import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, IconButton, List, ListItem, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { formatDateTime, messages } from '@arb/shared';
import { useDeleteProof } from '../api/delete-proof';
import { useMyProofs } from '../api/get-my-proofs';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { actionError } from '../lib/action-error';
import { AddProofDialog } from './AddProofDialog';
import { SectionCard } from './SectionCard';
import { ProofStatusChip } from './ProofStatusChip';

interface Props {
  onDone(message: string): void;
  onError(message: string): void;
}

/** docs/product.md#screens: the member's payment proofs with status and rejection reason, delete, add. */
export function ProofsCard({ onDone, onError }: Props) {
  const proofs = useMyProofs();
  const remove = useDeleteProof();
  const [adding, setAdding] = useState(false);
  /** The proof whose deletion awaits confirmation (issue 25: no one-click deletes). */
  const [deleting, setDeleting] = useState<string | null>(null);

  const del = async (id: string) => {
    try {
      await remove.mutateAsync(id);
      onDone(messages.proofDeleteSuccess);
    } catch (err) {
      onError(actionError(err, messages.proofDeleteError, messages.proofDeleteConnectionError));
    } finally {
      setDeleting(null);
    }
  };

  return (
    <SectionCard sx={{ mb: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          Comprobantes de Pago
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
          Agregar Comprobante
        </Button>
      </Box>
      {proofs.isPending && <CircularProgress size={24} aria-label="Cargando comprobantes" />}
      {proofs.isError && (
        <Alert severity="error">{actionError(proofs.error, messages.proofsLoadError, messages.proofsConnectionError)}</Alert>
      )}
      {proofs.data && proofs.data.length === 0 && <Typography color="textSecondary">No has subido comprobantes de pago</Typography>}
      {proofs.data && proofs.data.length > 0 && (
        <List disablePadding>
          {proofs.data.map((p) => (
            <ListItem
              key={p.id}
              divider
              data-testid="proof-item"
              sx={{ alignItems: 'flex-start', gap: 2, px: 0 }}
              secondaryAction={
                <Tooltip title="Eliminar">
                  <IconButton edge="end" aria-label="Eliminar comprobante" onClick={() => setDeleting(p.id)} disabled={remove.isPending}>
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              }
            >
              <Box
                component="a"
                href={p.imageUrl}
                target="_blank"
                rel="noopener noreferrer"
                sx={{
                  flexShrink: 0,
                  display: 'block',
                  width: 72,
                  height: 72,
                  borderRadius: 1,
                  overflow: 'hidden',
                  bgcolor: 'action.hover',
                }}
              >
                <Box
                  component="img"
                  src={p.imageUrl}
                  alt="Comprobante de pago"
                  sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                />
              </Box>
              <Stack spacing={0.5} sx={{ pr: 6, minWidth: 0 }}>
                <Typography sx={{ wordBreak: 'break-word' }}>{p.note || 'Comprobante de pago'}</Typography>
                <Typography variant="body2" color="textSecondary">
                  {formatDateTime(p.createdAt)}
                </Typography>
                <Box>
                  <ProofStatusChip status={p.status} />
                </Box>
                {p.status === 'rejected' && p.rejectionReason && (
                  <Typography variant="body2" color="error">
                    Motivo del rechazo: {p.rejectionReason}
                  </Typography>
                )}
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
      {deleting && (
        <ConfirmDialog
          title={messages.proofDeleteTitle}
          text={messages.proofDeleteConfirm}
          confirmLabel="Eliminar"
          busy={remove.isPending}
          onConfirm={() => void del(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
      <AddProofDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(message) => {
          setAdding(false);
          onDone(message);
        }}
      />
    </SectionCard>
  );
}
