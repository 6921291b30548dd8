/** The ledgers feature's public surface: what the dashboard and other features may use. */
import { lazy } from 'react';

// The dashboard opens these dialogs on demand: they load when opened, off /dashboard's first load
// and its Largest Contentful Paint (docs/benchmarks.md).
export const GroupManagementDialog = lazy(async () => ({
  default: (await import('./components/GroupManagementDialog')).GroupManagementDialog,
}));
export const InviteLinkDialog = lazy(async () => ({ default: (await import('./components/InviteLinkDialog')).InviteLinkDialog }));
export { LedgerSelector } from './components/LedgerSelector';
// Not CreateLedgerDialog: LedgersPage imports it from its file. Exported here, it joined the
// dashboard's static closure (apps/web/vite.config.ts) and with it react-hook-form, which the
// dashboard's first paint does not need (docs/decisions/0019-dashboard-first-paint.md).
export { ledgerKeys } from './api/keys';
export { ledgersQueryOptions, useLedgers } from './api/get-ledgers';
export { useCreateLedger } from './api/create-ledger';
export { useRenameLedger } from './api/rename-ledger';
export { useInvite } from './api/get-invite';
export { useRegenerateInvite } from './api/regenerate-invite';
export { useInviteInfo } from './api/get-invite-info';
export { useJoinLedger } from './api/join-ledger';
export { useUpdateMemberPermissions } from './api/update-member-permissions';
export { useExpelMember } from './api/expel-member';
export { useLeaveLedger } from './api/leave-ledger';
export { useDeleteLedger } from './api/delete-ledger';
export { useResetLedgerDay } from './api/reset-ledger-day';
