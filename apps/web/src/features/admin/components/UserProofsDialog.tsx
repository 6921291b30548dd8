import { useState } from 'react';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { formatDateTime, messages, type AdminUser, type PaymentProof } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { ProofStatusChip } from '../../membership';
import { useUserProofs } from '../api/get-user-proofs';
import { useReviewProof } from '../api/review-proof';
import { AdminListDialog } from './AdminListDialog';

interface Props {
  user: AdminUser | null;
  onClose(): void;
  onDone(message: string): void;
}

/** docs/product.md#screens payment proofs dialog, plus approve/reject of the ones awaiting review. */
export function UserProofsDialog({ user, onClose, onDone }: Props) {
  const proofs = useUserProofs(user?.id);
  const title = (
    <>
      Comprobantes de {user?.user_name}
      {proofs.data && (
        <Typography variant="body2" color="textSecondary">
          {proofs.data.length} comprobante(s) de pago
        </Typography>
      )}
    </>
  );
  return (
    <AdminListDialog
      open={Boolean(user)}
      title={title}
      maxWidth="md"
      list={proofs}
      loadingLabel="Cargando comprobantes"
      errorFallback={messages.loadUserProofsError}
      emptyText="No hay comprobantes de pago"
      onClose={onClose}
    >
      {(items) => (
        <Stack spacing={2}>
          {items.map((p) => (
            <ProofCard key={p.id} proof={p} onDone={onDone} />
          ))}
        </Stack>
      )}
    </AdminListDialog>
  );
}

function ProofCard({ proof, onDone }: { proof: PaymentProof; onDone(message: string): void }) {
  const review = useReviewProof();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const run = async (action: 'approve' | 'reject') => {
    setError(null);
    try {
      await review.mutateAsync(action === 'approve' ? { proofId: proof.id, action } : { proofId: proof.id, action, reason: reason.trim() });
      onDone(action === 'approve' ? messages.proofApproveSuccess : messages.proofRejectSuccess);
    } catch (err) {
      setError(errorMessage(err, messages.proofReviewError));
    }
  };

  return (
    <Paper variant="outlined" data-testid="admin-proof" sx={{ overflow: 'hidden' }}>
      <Box
        component="img"
        src={proof.imageUrl}
        alt="Comprobante de pago"
        sx={{ display: 'block', width: '100%', maxHeight: 320, objectFit: 'contain', bgcolor: 'action.hover' }}
      />
      <Box sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Typography sx={{ wordBreak: 'break-word' }}>{proof.note || 'Comprobante de pago'}</Typography>
          <ProofStatusChip status={proof.status} />
        </Stack>
        <Typography variant="body2" color="textSecondary">
          Subido el {formatDateTime(proof.createdAt)}
        </Typography>
        {proof.rejectionReason && (
          <Typography variant="body2" color="error">
            Motivo del rechazo: {proof.rejectionReason}
          </Typography>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {error}
          </Alert>
        )}
        {rejecting && (
          <TextField
            label="Motivo del rechazo (opcional)"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            fullWidth
            size="small"
            sx={{ mt: 2 }}
          />
        )}
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, px: 1, pb: 1 }}>
        <Button href={proof.imageUrl} target="_blank" rel="noopener noreferrer" startIcon={<OpenInNewIcon />}>
          Ver imagen completa
        </Button>
        {proof.status === 'pending' && !rejecting && (
          <>
            <Button color="success" variant="contained" disabled={review.isPending} onClick={() => run('approve')}>
              Aprobar
            </Button>
            <Button color="error" disabled={review.isPending} onClick={() => setRejecting(true)}>
              Rechazar
            </Button>
          </>
        )}
        {proof.status === 'pending' && rejecting && (
          <>
            <Button color="error" variant="contained" disabled={review.isPending} onClick={() => run('reject')}>
              Confirmar Rechazo
            </Button>
            <Button disabled={review.isPending} onClick={() => setRejecting(false)}>
              Cancelar
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
