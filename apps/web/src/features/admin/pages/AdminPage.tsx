import { BackupsSection } from '../components/BackupsSection';
import { SuccessSnackbar, useSuccessMessage } from '../../../shared/ui/SuccessSnackbar';
import { useState } from 'react';
import { Alert, Box, CircularProgress, TextField, Typography } from '@mui/material';
import { messages, t, type AdminUser, type Role } from '@arb/shared';
import { useAuth } from '../../../shared/auth/auth-context';
import { errorMessage, ApiError } from '../../../shared/lib/api-client';
import { useDeleteUser } from '../api/delete-user';
import { useResetTwoFactor } from '../api/reset-two-factor';
import { useUsers } from '../api/get-users';
import { useUpdateUser, type UserChange } from '../api/update-user';
import { AdminTopBar } from '../components/AdminTopBar';
import { DeleteUserDialog } from '../components/DeleteUserDialog';
import { EditEmailDialog } from '../components/EditEmailDialog';
import { MembershipDialog } from '../components/MembershipDialog';
import { RoleDialog } from '../components/RoleDialog';
import { useDebounced } from '../components/useDebounced';
import { UserProofsDialog } from '../components/UserProofsDialog';
import { UsersTable } from '../components/UsersTable';
import { UserTransactionsDialog } from '../components/UserTransactionsDialog';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import type { RowAction } from '../components/UserRow';

const SUCCESS: Record<UserChange['kind'], (c: UserChange) => string> = {
  active: (c) => (c.kind === 'active' && c.active ? messages.activateSuccess : messages.deactivateSuccess),
  role: () => messages.roleSuccess,
  email: () => messages.emailUpdateSuccess,
  membership: (c) =>
    c.kind === 'membership' && c.membershipEnd === null ? messages.membershipRevokeSuccess : messages.membershipUpdateSuccess,
};
const FAILURE: Record<UserChange['kind'], string> = {
  active: messages.activateError,
  role: messages.roleError,
  email: messages.emailUpdateError,
  membership: messages.membershipUpdateError,
};

/** docs/product.md#screens /admin: 'Panel de Administración', 'Gestión de Usuarios'. */
export default function AdminPage() {
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState('-created_at');
  const [paging, setPaging] = useState({ page: 1, pageSize: 25 });
  const debouncedSearch = useDebounced(search, 300);
  const users = useUsers({ search: debouncedSearch, sort, ...paging });
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const resetTwoFactor = useResetTwoFactor();

  const [dialog, setDialog] = useState<{ action: RowAction; user: AdminUser } | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const success = useSuccessMessage();
  const open = (action: RowAction) => (dialog?.action === action ? dialog.user : null);
  const closeDialog = () => {
    setDialog(null);
    setDialogError(null);
  };

  const change = async (user: AdminUser, c: UserChange, inDialog: boolean) => {
    setError(null);
    setDialogError(null);
    try {
      await update.mutateAsync({ userId: user.id, change: c });
      success.show(SUCCESS[c.kind](c));
      if (inDialog) closeDialog();
    } catch (err) {
      const message = errorMessage(err, FAILURE[c.kind]);
      if (inDialog) setDialogError(message);
      else setError(message);
    }
  };

  const confirmDelete = async () => {
    if (!dialog) return;
    setDialogError(null);
    try {
      await remove.mutateAsync(dialog.user.id);
      success.show(messages.deleteUserSuccess);
      closeDialog();
    } catch (err) {
      setDialogError(
        err instanceof ApiError && err.isNetwork ? messages.deleteUserConnectionError : errorMessage(err, messages.deleteUserError),
      );
    }
  };

  // The confirmation has no room for an error: a failure closes it and shows on the page.
  const confirmResetTwoFactor = async () => {
    if (!dialog) return;
    setError(null);
    try {
      await resetTwoFactor.mutateAsync(dialog.user.id);
      success.show(messages.adminReset2faSuccess);
    } catch (err) {
      setError(errorMessage(err, messages.adminReset2faError));
    }
    closeDialog();
  };

  return (
    <>
      <AdminTopBar />
      <Box component="main" sx={{ maxWidth: 1600, mx: 'auto', px: 2, py: 3 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Panel de Administración
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h6" component="h2">
            Gestión de Usuarios
          </Typography>
          <TextField
            size="small"
            placeholder="Buscar por nombre o email"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            type="search"
            slotProps={{ htmlInput: { 'aria-label': 'Buscar usuarios' } }}
            sx={{ minWidth: 280 }}
          />
        </Box>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {users.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(users.error, messages.loadUsersError)}
          </Alert>
        )}
        {users.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', my: 6 }}>
            <CircularProgress aria-label="Cargando usuarios" />
          </Box>
        ) : (
          users.data && (
            <UsersTable
              users={users.data.users}
              total={users.data.total}
              page={paging.page}
              pageSize={paging.pageSize}
              sort={sort}
              selfId={me?.id}
              busyId={update.isPending ? (update.variables?.userId ?? null) : null}
              emptyText={debouncedSearch.trim() ? 'No se encontraron usuarios' : 'No hay usuarios registrados'}
              onSort={(s) => {
                setSort(s);
                setPaging((p) => ({ ...p, page: 1 }));
              }}
              onPage={(page, pageSize) => setPaging({ page, pageSize })}
              onAction={(action, user) => setDialog({ action, user })}
              onToggleActive={(user, active) => void change(user, { kind: 'active', active }, false)}
            />
          )
        )}
        <BackupsSection onDone={success.show} />
      </Box>

      <RoleDialog
        user={open('role')}
        busy={update.isPending}
        error={dialogError}
        onChange={(role: Role) => dialog && void change(dialog.user, { kind: 'role', role }, true)}
        onClose={closeDialog}
      />
      <EditEmailDialog
        user={open('email')}
        busy={update.isPending}
        error={dialogError}
        onSave={(email) => dialog && void change(dialog.user, { kind: 'email', email }, true)}
        onClose={closeDialog}
      />
      <MembershipDialog
        user={open('membership')}
        busy={update.isPending}
        error={dialogError}
        onSave={(membershipEnd) => dialog && void change(dialog.user, { kind: 'membership', membershipEnd }, true)}
        onClose={closeDialog}
      />
      <DeleteUserDialog
        user={open('delete')}
        isSelf={open('delete')?.id === me?.id}
        busy={remove.isPending}
        error={dialogError}
        onConfirm={() => void confirmDelete()}
        onClose={closeDialog}
      />
      <ConfirmDialog
        open={Boolean(open('reset2fa'))}
        title={messages.adminReset2fa}
        text={t('adminReset2faConfirm', { user: open('reset2fa')?.email ?? '' })}
        confirmLabel={messages.adminReset2faAction}
        busy={resetTwoFactor.isPending}
        onConfirm={() => void confirmResetTwoFactor()}
        onCancel={closeDialog}
      />
      <UserProofsDialog user={open('proofs')} onClose={closeDialog} onDone={success.show} />
      <UserTransactionsDialog user={open('transactions')} onClose={closeDialog} />

      <SuccessSnackbar message={success.message} onClose={success.clear} />
    </>
  );
}
