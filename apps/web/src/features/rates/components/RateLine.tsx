import { Box, Chip, Skeleton, Typography } from '@mui/material';
import { messages, t, type RateAnswer } from '@arb/shared';
import { displayRate, displayRateDate, formatAge } from '../lib/rate-display';

interface RateLineProps {
  label: string;
  answer: RateAnswer | undefined;
  testId: string;
  /** No answer yet: placeholders, since '---' and 'No disponible' mean missing (docs/product.md#screens, issue 25). */
  loading?: boolean;
}

/** One rate of the panel: label, value, update date, source, and the stale marker with its age. */
export function RateLine({ label, answer, testId, loading = false }: RateLineProps) {
  if (loading && !answer) {
    return (
      <Box data-testid={testId} sx={{ py: 1 }} aria-busy="true">
        <Typography variant="body2" color="textSecondary">
          {label}
        </Typography>
        <Skeleton
          variant="text"
          width={140}
          sx={{ fontSize: '1.25rem' }}
          data-testid={`${testId}-loading`}
          aria-label={messages.rateLoading}
        />
        <Skeleton variant="text" width={180} sx={{ fontSize: '0.75rem' }} />
      </Box>
    );
  }
  const age = answer?.stale ? formatAge(answer.obtenidoEn) : undefined;
  const staleLabel = age ? t('rateStaleSince', { age }) : messages.rateStale;
  return (
    <Box data-testid={testId} sx={{ py: 1 }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="p" data-testid={`${testId}-value`}>
          {displayRate(answer?.promedio)}
        </Typography>
        {answer?.stale && <Chip size="small" color="warning" variant="outlined" label={staleLabel} />}
      </Box>
      <Typography variant="caption" color="textSecondary" component="p" data-testid={`${testId}-date`}>
        {t('rateUpdatedAt', { date: displayRateDate(answer?.fechaActualizacion) })}
      </Typography>
      {answer?.fuente && (
        <Typography variant="caption" color="textSecondary" component="p">
          {t('rateSource', { fuente: answer.fuente })}
        </Typography>
      )}
    </Box>
  );
}
