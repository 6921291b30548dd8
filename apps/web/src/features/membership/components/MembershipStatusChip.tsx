import { Chip, type ChipProps } from '@mui/material';
import { MEMBERSHIP_STATUS_LABELS, type MembershipStatus } from '@arb/shared';

const COLORS: Record<MembershipStatus, ChipProps['color']> = {
  active: 'success',
  expired: 'error',
  pending_payment: 'warning',
  inactive: 'default',
};

/** docs/product.md#accounts-and-sessions: Activa (success), Expirada (error), Pago Pendiente (warning), anything else Inactiva. */
export function MembershipStatusChip({ status, size = 'small' }: { status: string | null | undefined; size?: ChipProps['size'] }) {
  const known = status && status in COLORS ? (status as MembershipStatus) : 'inactive';
  return <Chip label={MEMBERSHIP_STATUS_LABELS[known]} color={COLORS[known]} size={size} />;
}
