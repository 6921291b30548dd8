import { Grid, Typography } from '@mui/material';
import { formatDate, type MembershipInfo } from '@arb/shared';
import { InfoRow } from './InfoRow';
import { SectionCard } from './SectionCard';
import { MembershipStatusChip } from './MembershipStatusChip';

const date = (v: string | null) => (v ? (formatDate(v) ?? '-') : '-');

/**
 * The last day the membership covers: the day of its last instant, so an end at the close of
 * 30/11 (01/12 00:00) reads "hasta el 30/11" like the calendar-day count beside it (issue 25).
 */
const lastDay = (end: string) => formatDate(new Date(new Date(end).getTime() - 1)) ?? '-';

/** docs/product.md#screens /membership: status chip, start, expiry, days remaining (if above 0), member since. */
export function StatusCard({ info }: { info: MembershipInfo }) {
  return (
    <SectionCard>
      <Typography variant="h6" component="h2" gutterBottom>
        Estado de la Membresía
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <InfoRow label="Estado">
            <MembershipStatusChip status={info.membership_status} />
          </InfoRow>
          <InfoRow label="Fecha de inicio">{date(info.membership_start)}</InfoRow>
          <InfoRow label="Fecha de vencimiento">{date(info.membership_end)}</InfoRow>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          {info.days_remaining > 0 && (
            <InfoRow label="Días restantes">
              <span data-testid="days-remaining">{info.days_remaining}</span>
              {info.membership_end && <> (hasta el {lastDay(info.membership_end)})</>}
            </InfoRow>
          )}
          <InfoRow label="Miembro desde">{date(info.created_at)}</InfoRow>
        </Grid>
      </Grid>
    </SectionCard>
  );
}
