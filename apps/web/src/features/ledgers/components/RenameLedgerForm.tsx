import { useEffect } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages, renameLedgerSchema, type Ledger, type RenameLedgerInput } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { useRenameLedger } from '../api/rename-ledger';
import type { Notice } from '../hooks/use-timed-notice';

/** Any member may rename the group (docs/product.md#permissions); blank names answer docs/product.md#money's message. */
export function RenameLedgerForm({ ledger, onNotice }: { ledger: Ledger; onNotice(n: Notice): void }) {
  const rename = useRenameLedger();
  const form = useForm<RenameLedgerInput>({ resolver: zodResolver(renameLedgerSchema), defaultValues: { name: ledger.name } });
  const { reset } = form;
  useEffect(() => reset({ name: ledger.name }), [ledger.name, reset]);

  const onSubmit = form.handleSubmit((values) =>
    rename.mutate(
      { ledgerId: ledger.id, name: values.name },
      {
        onSuccess: () => onNotice({ severity: 'success', text: messages.renameSuccess }),
        onError: (err) => onNotice({ severity: 'error', text: errorMessage(err, messages.ledgerRenameError) }),
      },
    ),
  );
  const error = form.formState.errors.name?.message;

  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: 'flex-start' }}
      onSubmit={onSubmit}
      noValidate
    >
      <TextField
        label="Nombre del grupo"
        size="small"
        fullWidth
        {...form.register('name')}
        error={Boolean(error)}
        helperText={error ?? 'Cualquier miembro del grupo puede cambiar el nombre.'}
        slotProps={{ htmlInput: { maxLength: 80 } }}
      />
      <Button type="submit" variant="outlined" disabled={rename.isPending} sx={{ whiteSpace: 'nowrap', minWidth: 'auto' }}>
        Guardar nombre
      </Button>
    </Stack>
  );
}
