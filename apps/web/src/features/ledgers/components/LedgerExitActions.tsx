import { useEffect, useRef, useState } from 'react';
import { Button, Stack } from '@mui/material';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import LogoutIcon from '@mui/icons-material/Logout';
import { useNavigate } from 'react-router';
import { messages, REDIRECT_AFTER_LEAVE_MS, type Ledger } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { useDeleteLedger } from '../api/delete-ledger';
import { useLeaveLedger } from '../api/leave-ledger';
import type { Notice } from '../hooks/use-timed-notice';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';

interface Props {
  ledger: Ledger;
  isOwner: boolean;
  onNotice(n: Notice): void;
  /** Called when the redirect happens (the dialog closes). */
  onDone(): void;
}

/** Members leave, the owner deletes; both go to /dashboard 1 s after success (docs/product.md#accounts-and-sessions). */
export function LedgerExitActions({ ledger, isOwner, onNotice, onDone }: Props) {
  const navigate = useNavigate();
  const leave = useLeaveLedger();
  const remove = useDeleteLedger();
  const [confirm, setConfirm] = useState<'leave' | 'delete' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const redirectSoon = () => {
    timer.current = setTimeout(() => {
      onDone();
      void navigate('/dashboard', { replace: true });
    }, REDIRECT_AFTER_LEAVE_MS);
  };

  const onConfirm = () => {
    if (confirm === 'leave') {
      leave.mutate(ledger.id, {
        onSuccess: () => {
          onNotice({ severity: 'success', text: messages.leaveSuccess });
          redirectSoon();
        },
        onError: (err) => onNotice({ severity: 'error', text: errorMessage(err, messages.leaveError) }),
        onSettled: () => setConfirm(null),
      });
    } else if (confirm === 'delete') {
      remove.mutate(ledger.id, {
        onSuccess: () => {
          onNotice({ severity: 'success', text: messages.deleteLedgerSuccess });
          redirectSoon();
        },
        onError: (err) => onNotice({ severity: 'error', text: errorMessage(err, messages.deleteLedgerError) }),
        onSettled: () => setConfirm(null),
      });
    }
  };
  const done = leave.isSuccess || remove.isSuccess;

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {isOwner ? (
          <Button color="error" variant="outlined" startIcon={<DeleteForeverIcon />} onClick={() => setConfirm('delete')} disabled={done}>
            Eliminar registro
          </Button>
        ) : (
          <Button color="error" variant="outlined" startIcon={<LogoutIcon />} onClick={() => setConfirm('leave')} disabled={done}>
            Salir del grupo
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={confirm === 'leave'}
        title="Salir del grupo"
        text={`¿Seguro que quieres salir de "${ledger.name}"? Dejarás de ver sus transacciones; para volver necesitarás una nueva invitación.`}
        confirmLabel="Salir"
        busy={leave.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        title="Eliminar registro"
        text={`¿Eliminar "${ledger.name}" permanentemente? Se borrarán todas sus transacciones, saldos y miembros. Esta acción no se puede deshacer.`}
        confirmLabel="Eliminar definitivamente"
        busy={remove.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirm(null)}
      />
    </>
  );
}
