import { Button } from '@mui/material';
import GroupIcon from '@mui/icons-material/Group';
import type { Ledger } from '../api/types';

export interface GroupManagementSlotProps {
  ledger: Ledger;
  isOwner: boolean;
}

/**
 * Placeholder for group management (rename, invite, members, leave, delete — SPEC 'Dashboard
 * dialogs'). At merge, render the dialog button exported by `features/ledgers` (its index.ts) here.
 */
export function GroupManagementSlot(_props: GroupManagementSlotProps) {
  return (
    <Button variant="outlined" startIcon={<GroupIcon />} fullWidth disabled data-testid="group-slot">
      Gestionar Grupo
    </Button>
  );
}
