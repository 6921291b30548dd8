import { Avatar, Tooltip } from '@mui/material';
import type { LedgerUser } from '@arb/shared';

export const initialsOf = (u: LedgerUser) =>
  (u.user_name || u.email)
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

export function MemberAvatar({ user, size = 32 }: { user: LedgerUser; size?: number }) {
  return (
    <Tooltip title={user.user_name || user.email}>
      <Avatar alt={user.user_name || user.email} sx={{ width: size, height: size, fontSize: size * 0.42 }}>
        {initialsOf(user)}
      </Avatar>
    </Tooltip>
  );
}
