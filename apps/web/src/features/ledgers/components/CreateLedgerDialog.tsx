import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createLedgerSchema, messages, type CreateLedgerInput, type Ledger } from '@arb/shared';
import { ApiErrorAlert } from '../../../shared/ui/ApiErrorAlert';
import { useCreateLedger } from '../api/create-ledger';

interface CreateLedgerDialogProps {
  open: boolean;
  onClose(): void;
  onCreated?(ledger: Ledger): void;
}

/** 'Nuevo Registro' (docs/product.md#screens): the create button stays disabled while the name is blank (docs/product.md#money). */
export function CreateLedgerDialog({ open, onClose, onCreated }: CreateLedgerDialogProps) {
  const create = useCreateLedger();
  const form = useForm<CreateLedgerInput>({ resolver: zodResolver(createLedgerSchema), defaultValues: { name: '' } });
  const name = form.watch('name');
  const blank = !name || name.trim() === '';

  const close = () => {
    form.reset({ name: '' });
    create.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (ledger) => {
        close();
        onCreated?.(ledger);
      },
    }),
  );
  const error = form.formState.errors.name?.message;

  return (
    <Dialog open={open} onClose={close} aria-labelledby="new-ledger-title" maxWidth="xs" fullWidth>
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="new-ledger-title">Nuevo Registro</DialogTitle>
        <DialogContent>
          {create.isError && <ApiErrorAlert error={create.error} fallback={messages.createLedgerError} sx={{ mb: 2 }} />}
          <TextField
            autoFocus
            margin="dense"
            label="Nombre del registro"
            fullWidth
            {...form.register('name')}
            error={Boolean(error)}
            helperText={error ?? 'Por ejemplo: Operaciones de la semana'}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancelar</Button>
          <Button type="submit" variant="contained" disabled={blank || create.isPending}>
            {create.isPending ? 'Creando...' : 'Crear'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
