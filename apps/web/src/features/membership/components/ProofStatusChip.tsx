import { Chip, type ChipProps } from '@mui/material';
import type { ProofStatus } from '@arb/shared';

const LABELS: Record<ProofStatus, [string, ChipProps['color']]> = {
  pending: ['Pendiente de revisión', 'warning'],
  approved: ['Aprobado', 'success'],
  rejected: ['Rechazado', 'error'],
};

export function ProofStatusChip({ status }: { status: ProofStatus }) {
  const [label, color] = LABELS[status];
  return <Chip label={label} color={color} size="small" variant="outlined" />;
}
