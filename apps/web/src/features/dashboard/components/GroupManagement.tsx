import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import GroupIcon from '@mui/icons-material/Group';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { GroupManagementDialog, InviteLinkDialog } from '../../ledgers';
import type { Ledger } from '../api/types';

export interface GroupManagementProps {
  ledger: Ledger;
  isOwner: boolean;
}

/** Group management (rename, invite, members, leave, delete) and, for the owner, the invite link. */
export function GroupManagement({ ledger, isOwner }: GroupManagementProps) {
  const [open, setOpen] = useState<'manage' | 'invite' | null>(null);
  return (
    <Stack direction="row" spacing={1}>
      <Button variant="outlined" startIcon={<GroupIcon />} fullWidth onClick={() => setOpen('manage')}>
        Gestionar Grupo
      </Button>
      {isOwner && (
        <Button variant="outlined" startIcon={<PersonAddIcon />} onClick={() => setOpen('invite')} aria-label="Invitar al grupo">
          Invitar
        </Button>
      )}
      {open === 'manage' && <GroupManagementDialog open onClose={() => setOpen(null)} ledgerId={ledger.id} />}
      {open === 'invite' && <InviteLinkDialog open onClose={() => setOpen(null)} ledgerId={ledger.id} ledgerName={ledger.name} />}
    </Stack>
  );
}
