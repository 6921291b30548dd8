import { RetryAlert } from '../../../shared/ui/RetryAlert';
import { Card, CardContent, Divider, LinearProgress, Typography } from '@mui/material';
import { messages } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { useRate } from '../api/get-rate';
import { RateLine } from './RateLine';

/**
 * The dashboard's exchange-rate panel (docs/product.md#screens): official (BCV) and parallel rates with their
 * update dates. When either call fails, an error alert offers 'Reintentar'; values already
 * shown stay on screen.
 */
export function RatesPanel() {
  const oficial = useRate('oficial');
  const paralelo = useRate('paralelo');
  const failed = oficial.error ?? paralelo.error;
  const retry = () => {
    void oficial.refetch();
    void paralelo.refetch();
  };
  return (
    <Card variant="outlined" component="section" aria-label={messages.ratesTitle}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {messages.ratesTitle}
        </Typography>
        {(oficial.isFetching || paralelo.isFetching) && <LinearProgress sx={{ mb: 1 }} aria-label={messages.ratesTitle} />}
        {failed && (
          <RetryAlert
            sx={{ mb: 1 }}
            message={errorMessage(failed, messages.ratesUnavailable)}
            onRetry={retry}
            retrying={oficial.isFetching || paralelo.isFetching}
          />
        )}
        <RateLine label={messages.rateOficialLabel} answer={oficial.data} loading={oficial.isPending} testId="rate-oficial" />
        <Divider />
        <RateLine label={messages.rateParaleloLabel} answer={paralelo.data} loading={paralelo.isPending} testId="rate-paralelo" />
      </CardContent>
    </Card>
  );
}
