import { Suspense, useState } from 'react';
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
    // The buttons wrap rather than shrink: "INVITAR" overflowed the 320 px column at 1366 px (issue 22).
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
      <Button
        variant="outlined"
        startIcon={<GroupIcon />}
        sx={{ flex: '1 1 auto', whiteSpace: 'nowrap' }}
        onClick={() => setOpen('manage')}
      >
        Gestionar Grupo
      </Button>
      {isOwner && (
        <Button
          variant="outlined"
          startIcon={<PersonAddIcon />}
          sx={{ flex: '1 1 auto', whiteSpace: 'nowrap' }}
          onClick={() => setOpen('invite')}
          aria-label="Invitar al grupo"
        >
          Invitar
        </Button>
      )}
      <Suspense fallback={null}>
        {open === 'manage' && <GroupManagementDialog open onClose={() => setOpen(null)} ledgerId={ledger.id} />}
        {open === 'invite' && <InviteLinkDialog open onClose={() => setOpen(null)} ledgerId={ledger.id} ledgerName={ledger.name} />}
      </Suspense>
    </Stack>
  );
}
