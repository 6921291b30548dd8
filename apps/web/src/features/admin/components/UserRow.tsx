import { Box, Chip, IconButton, Stack, Switch, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import CancelIcon from '@mui/icons-material/Cancel';
import DeleteIcon from '@mui/icons-material/Delete';
import EmailIcon from '@mui/icons-material/Email';
import LockResetIcon from '@mui/icons-material/LockReset';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ReceiptIcon from '@mui/icons-material/Receipt';
import VerifiedIcon from '@mui/icons-material/Verified';
import { formatDate, messages, type AdminUser } from '@arb/shared';
import { MembershipStatusChip } from '../../membership';
import { DaysRemaining } from './DaysRemaining';

export type RowAction = 'role' | 'proofs' | 'transactions' | 'email' | 'membership' | 'reset2fa' | 'delete';

interface Props {
  user: AdminUser;
  isSelf: boolean;
  busy: boolean;
  onAction(action: RowAction, user: AdminUser): void;
  onToggleActive(user: AdminUser, active: boolean): void;
}

/** At least two a line, as many as the table's width leaves room for (its min-content width is what counts). */
const ACTIONS = { display: 'flex', flexWrap: 'wrap', gap: 0.5, minWidth: 72 } as const;

/** One user in the docs/product.md#screens table, every column in SPEC's order. */
export function UserRow({ user, isSelf, busy, onAction, onToggleActive }: Props) {
  const label = (action: string) => `${action}: ${user.email}`;
  return (
    <TableRow hover data-testid={`user-row-${user.email}`}>
      <TableCell>{user.user_name}</TableCell>
      {/* 'anywhere', not 'break-word': only it lets a long address narrow the column (its min-content width). */}
      <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>{user.email}</TableCell>
      <TableCell>
        <Chip
          label={user.role}
          size="small"
          color={user.role === 'ADMIN' ? 'secondary' : 'default'}
          onClick={isSelf ? undefined : () => onAction('role', user)}
          aria-label={label('Rol')}
        />
      </TableCell>
      <TableCell>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}>
          <Switch
            size="small"
            checked={user.is_active}
            disabled={isSelf || busy}
            onChange={(e) => onToggleActive(user, e.target.checked)}
            slotProps={{ input: { 'aria-label': label('Activo') } }}
          />
          <Chip
            label={user.is_active ? 'Activo' : 'Inactivo'}
            size="small"
            color={user.is_active ? 'success' : 'default'}
            variant="outlined"
          />
        </Stack>
      </TableCell>
      <TableCell align="center">
        {user.email_verified ? (
          <VerifiedIcon color="success" fontSize="small" aria-label="Email verificado" />
        ) : (
          <CancelIcon color="disabled" fontSize="small" aria-label="Email no verificado" />
        )}
      </TableCell>
      <TableCell align="center">
        <Chip
          label={user.two_factor_enabled ? messages.twoFactorOn : messages.twoFactorOff}
          size="small"
          color={user.two_factor_enabled ? 'success' : 'default'}
          variant="outlined"
        />
      </TableCell>
      <TableCell>
        <Typography variant="body2" noWrap>
          {user._count.ownedLedgers} creados
        </Typography>
        <Typography variant="body2" color="textSecondary" noWrap>
          {user._count.memberships} miembros
        </Typography>
      </TableCell>
      <TableCell>
        <MembershipStatusChip status={user.membership_status} />
      </TableCell>
      <TableCell align="center">
        <DaysRemaining days={user.days_remaining} />
      </TableCell>
      <TableCell>{user.membership_end ? formatDate(user.membership_end) : 'No activo'}</TableCell>
      <TableCell align="center">{user._count.paymentProofs}</TableCell>
      <TableCell>
        {/* The actions wrap: all seven in 1366 px without scrolling sideways (issue 36 hid five past
            the table's edge, "Ver Comprobantes" among them). */}
        <Box sx={ACTIONS}>
          {/* On the admin's own row the disabled buttons say why (docs/product.md#screens, issue 25); the wrapper
              takes the focus a disabled button cannot, so keyboard users hear it too. */}
          <Tooltip title={isSelf ? messages.cannotChangeOwnRole : 'Cambiar Rol'}>
            <span tabIndex={isSelf ? 0 : undefined}>
              <IconButton size="small" aria-label={label('Cambiar Rol')} disabled={isSelf} onClick={() => onAction('role', user)}>
                <AdminPanelSettingsIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Ver Comprobantes">
            <IconButton size="small" aria-label={label('Ver Comprobantes')} onClick={() => onAction('proofs', user)}>
              <ReceiptIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Ver Transacciones">
            <IconButton size="small" aria-label={label('Ver Transacciones')} onClick={() => onAction('transactions', user)}>
              <ReceiptLongIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={messages.membershipEdit}>
            <IconButton size="small" aria-label={label(messages.membershipEdit)} onClick={() => onAction('membership', user)}>
              <CardMembershipIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Editar Email">
            <IconButton size="small" aria-label={label('Editar Email')} onClick={() => onAction('email', user)}>
              <EmailIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {/* Only a user with two-factor on has something to reset (docs/product.md#account-security, issue 20). */}
          {user.two_factor_enabled && (
            <Tooltip title={messages.adminReset2faAction}>
              <IconButton size="small" aria-label={label(messages.adminReset2faAction)} onClick={() => onAction('reset2fa', user)}>
                <LockResetIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title={isSelf ? messages.cannotDeleteSelf : 'Eliminar'}>
            <span tabIndex={isSelf ? 0 : undefined}>
              <IconButton
                size="small"
                color="error"
                aria-label={label('Eliminar')}
                disabled={isSelf}
                onClick={() => onAction('delete', user)}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      </TableCell>
    </TableRow>
  );
}
