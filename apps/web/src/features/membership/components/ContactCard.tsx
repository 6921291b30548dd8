import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { messages, profileSchema, type MembershipInfo, type ProfileInput } from '@arb/shared';
import { useUpdateProfile } from '../api/update-profile';
import { actionError } from '../lib/action-error';
import { InfoRow } from './InfoRow';
import { SectionCard } from './SectionCard';

interface Props {
  info: MembershipInfo;
  onSaved(message: string): void;
  onError(message: string): void;
}

/** docs/product.md#screens: email read-only; name and phone behind the pencil toggle with Guardar/Cancelar. */
export function ContactCard({ info, onSaved, onError }: Props) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateProfile();
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    values: { user_name: info.user_name, phone_number: info.phone_number ?? '' },
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      setEditing(false);
      onSaved(messages.profileSuccess);
    } catch (err) {
      onError(actionError(err, messages.profileError, messages.profileConnectionError));
    }
  });

  const cancel = () => {
    form.reset();
    setEditing(false);
  };

  return (
    <SectionCard>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2">
          Información de Contacto
        </Typography>
        {!editing && (
          <Tooltip title="Editar">
            <IconButton aria-label="Editar información de contacto" onClick={() => setEditing(true)}>
              <EditIcon />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <InfoRow label="Email">{info.email}</InfoRow>
      {editing ? (
        <Box component="form" onSubmit={submit} noValidate>
          <Stack spacing={2} sx={{ mt: 1 }}>
            <TextField
              label="Nombre"
              {...form.register('user_name')}
              error={Boolean(form.formState.errors.user_name)}
              helperText={form.formState.errors.user_name?.message}
              fullWidth
            />
            <TextField
              label="Teléfono"
              type="tel"
              placeholder="Ingresa tu número de teléfono"
              {...form.register('phone_number')}
              error={Boolean(form.formState.errors.phone_number)}
              helperText={form.formState.errors.phone_number?.message}
              fullWidth
            />
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={update.isPending}>
                Guardar
              </Button>
              <Button onClick={cancel} disabled={update.isPending}>
                Cancelar
              </Button>
            </Stack>
          </Stack>
        </Box>
      ) : (
        <>
          <InfoRow label="Nombre">{info.user_name || 'No especificado'}</InfoRow>
          <InfoRow label="Teléfono">{info.phone_number || 'No especificado'}</InfoRow>
        </>
      )}
    </SectionCard>
  );
}
