import { useState } from 'react';
import { Chip, FormControlLabel, IconButton, List, ListItem, ListItemAvatar, ListItemText, Stack, Switch, Tooltip } from '@mui/material';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import KeyIcon from '@mui/icons-material/Key';
import { messages, t, type Ledger, type LedgerMember } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { useExpelMember } from '../api/expel-member';
import { useTransferOwnership } from '../api/transfer-ownership';
import { useUpdateMemberPermissions } from '../api/update-member-permissions';
import type { Notice } from '../hooks/use-timed-notice';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { MemberAvatar } from './MemberAvatar';

interface MembersListProps {
  ledger: Ledger;
  /**
   * The owner sees the 'Modificar saldos' and 'Solo lectura' switches, the expel button and
   * "Transferir propiedad" (docs/product.md#socios-y-liquidacion "Former partners") on every other member.
   */
  isOwner: boolean;
  onNotice(n: Notice): void;
}

export function MembersList({ ledger, isOwner, onNotice }: MembersListProps) {
  const permissions = useUpdateMemberPermissions();
  const expel = useExpelMember();
  const [toExpel, setToExpel] = useState<LedgerMember | null>(null);
  const transfer = useTransferOwnership();
  const [toOwner, setToOwner] = useState<LedgerMember | null>(null);
  const nameOf = (m: LedgerMember | null) => m?.user.user_name || m?.user.email || '';

  const togglePermission = (m: LedgerMember, change: { canModifyBalance: boolean } | { soloLectura: boolean }) =>
    permissions.mutate(
      { ledgerId: ledger.id, userId: m.userId, ...change },
      {
        onSuccess: () => onNotice({ severity: 'success', text: messages.permissionsSuccess }),
        onError: (err) => onNotice({ severity: 'error', text: errorMessage(err, messages.permissionsError) }),
      },
    );

  const confirmExpel = () => {
    if (!toExpel) return;
    expel.mutate(
      { ledgerId: ledger.id, userId: toExpel.userId },
      {
        onSuccess: () => onNotice({ severity: 'success', text: messages.expelSuccess }),
        onError: (err) => onNotice({ severity: 'error', text: errorMessage(err, messages.expelError) }),
        onSettled: () => setToExpel(null),
      },
    );
  };

  const confirmTransfer = () => {
    if (!toOwner) return;
    const member = nameOf(toOwner);
    transfer.mutate(
      { ledgerId: ledger.id, userId: toOwner.userId },
      {
        onSuccess: () => onNotice({ severity: 'success', text: t('transferOwnershipDone', { member }) }),
        onError: (err) => onNotice({ severity: 'error', text: errorMessage(err, messages.transferOwnershipError) }),
        onSettled: () => setToOwner(null),
      },
    );
  };

  return (
    <>
      <List dense aria-label="Miembros del grupo">
        {ledger.members.map((m) => {
          const memberIsOwner = m.userId === ledger.ownerId;
          const name = m.user.user_name || m.user.email;
          return (
            <ListItem
              key={m.userId}
              divider
              secondaryAction={
                isOwner && !memberIsOwner ? (
                  <Stack direction="row">
                    <Tooltip title={messages.transferOwnership}>
                      <IconButton aria-label={`${messages.transferOwnership} a ${name}`} onClick={() => setToOwner(m)}>
                        <KeyIcon />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Expulsar miembro">
                      <IconButton edge="end" aria-label={`Expulsar a ${name}`} onClick={() => setToExpel(m)} color="error">
                        <PersonRemoveIcon />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                ) : undefined
              }
            >
              <ListItemAvatar>
                <MemberAvatar user={m.user} />
              </ListItemAvatar>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center' }}>
                    <span>{name}</span>
                    {memberIsOwner && <Chip label="Propietario" size="small" color="primary" />}
                  </Stack>
                }
                secondary={m.user.email}
              />
              {isOwner && !memberIsOwner && (
                <Stack sx={{ mr: 9 }}>
                  {/* A viewer cannot also modify balances (docs/product.md "Permissions"): that switch waits. */}
                  <FormControlLabel
                    control={
                      <Switch
                        checked={m.canModifyBalance}
                        disabled={permissions.isPending || m.soloLectura}
                        onChange={(_e, checked) => togglePermission(m, { canModifyBalance: checked })}
                        slotProps={{ input: { 'aria-label': `Modificar saldos: ${name}` } }}
                      />
                    }
                    label="Modificar saldos"
                  />
                  <FormControlLabel
                    control={
                      <Switch
                        checked={m.soloLectura}
                        disabled={permissions.isPending}
                        onChange={(_e, checked) => togglePermission(m, { soloLectura: checked })}
                        slotProps={{ input: { 'aria-label': `Solo lectura: ${name}` } }}
                      />
                    }
                    label="Solo lectura"
                  />
                </Stack>
              )}
              {!isOwner && !memberIsOwner && m.canModifyBalance && <Chip label="Modificar saldos" size="small" variant="outlined" />}
              {!isOwner && !memberIsOwner && m.soloLectura && <Chip label="Solo lectura" size="small" variant="outlined" />}
            </ListItem>
          );
        })}
      </List>
      <ConfirmDialog
        open={toExpel !== null}
        title="Expulsar miembro"
        text={`¿Seguro que quieres expulsar a ${toExpel?.user.user_name || toExpel?.user.email || ''} del grupo? Sus transacciones se conservan.`}
        confirmLabel="Expulsar"
        busy={expel.isPending}
        onConfirm={confirmExpel}
        onCancel={() => setToExpel(null)}
      />
      <ConfirmDialog
        open={toOwner !== null}
        title={t('transferOwnershipTitle', { member: nameOf(toOwner) })}
        text={t('transferOwnershipBody', { member: nameOf(toOwner), ledger: ledger.name })}
        confirmLabel={messages.transferOwnershipConfirm}
        busy={transfer.isPending}
        onConfirm={confirmTransfer}
        onCancel={() => setToOwner(null)}
      />
    </>
  );
}
