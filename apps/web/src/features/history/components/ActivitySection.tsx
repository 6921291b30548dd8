import { RetryAlert } from '../../../shared/ui/RetryAlert';
import { Alert, Box, Button, Chip, CircularProgress, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { formatDateTime, messages, type MetodoGanancia } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { useActivity } from '../api/get-activity';
import { useAccountNames } from '../api/search-accounts';
import { activitySentence, type ActivityNames } from '../lib/activity-sentence';
import { FigureText } from '../../../shared/ui/Figure';
import { canRestore } from '../lib/can-restore';
import { useRestoreActivity } from '../../../shared/api/restore-change';

/**
 * 'Actividad': who did what and when in this ledger, newest first, 'Cargar más' for older entries;
 * 'Restaurar' on a delete or reset the viewer may undo (docs/product.md#undo).
 */
interface Props {
  ledgerId: string;
  pageSize?: number;
  /** Who is looking: the owner may restore any delete or reset, a member their own, a viewer ("Solo lectura") none. */
  viewer?: { userId: string | undefined; isOwner: boolean; soloLectura?: boolean };
  /** The ledger's profit method: the log states a transaction's profit only under por_operacion. */
  metodo: MetodoGanancia;
  /** The ledger's people by id, for the socio of an aporte or the titular of an account. */
  miembros?: ReadonlyMap<string, string>;
}

export function ActivitySection({ ledgerId, pageSize, viewer = { userId: undefined, isOwner: false }, metodo, miembros }: Props) {
  const activity = useActivity(ledgerId, pageSize);
  const cuentas = useAccountNames(ledgerId);
  const names: ActivityNames = { ...(cuentas.data ? { cuentas: cuentas.data } : {}), ...(miembros ? { miembros } : {}) };
  const restore = useRestoreActivity();
  const entries = activity.data?.pages.flat() ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="activity-title" sx={{ p: 2 }}>
      <Typography id="activity-title" variant="h6" component="h2">
        {messages.activityTitle}
      </Typography>
      {activity.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress size={28} aria-label={messages.activityTitle} />
        </Box>
      )}
      {restore.isError && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => restore.reset()}>
          {errorMessage(restore.error, messages.restoreError)}
        </Alert>
      )}
      {restore.isSuccess && (
        <Alert severity="success" sx={{ mt: 1 }} onClose={() => restore.reset()}>
          {messages.restoreSuccess}
        </Alert>
      )}
      {activity.isError && (
        <RetryAlert
          sx={{ mt: 1 }}
          message={errorMessage(activity.error, messages.activityLoadError)}
          onRetry={() => void activity.refetch()}
        />
      )}
      {activity.isSuccess && entries.length === 0 && (
        <Typography color="textSecondary" sx={{ mt: 1 }}>
          {messages.activityEmpty}
        </Typography>
      )}
      {entries.length > 0 && (
        <List dense aria-label={messages.activityTitle} data-testid="activity-list">
          {entries.map((e) => (
            <ListItem
              key={e.id}
              disableGutters
              divider
              secondaryAction={
                canRestore(e, viewer) ? (
                  <Button
                    size="small"
                    variant="outlined"
                    sx={{ minHeight: 44 }}
                    disabled={restore.isPending}
                    onClick={() => restore.mutate({ ledgerId, activityId: e.id })}
                  >
                    {messages.restore}
                  </Button>
                ) : e.restoredAt ? (
                  <Chip size="small" label={messages.activityRestoredTag} />
                ) : undefined
              }
              sx={{ pr: canRestore(e, viewer) || e.restoredAt ? 14 : 0 }}
            >
              <ListItemText
                primary={<FigureText text={activitySentence(e, metodo, names)} />}
                secondary={formatDateTime(e.createdAt)}
                sx={{ overflowWrap: 'anywhere' }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {activity.hasNextPage && (
        <Button onClick={() => void activity.fetchNextPage()} disabled={activity.isFetchingNextPage} sx={{ mt: 1 }}>
          {messages.activityLoadMore}
        </Button>
      )}
    </Paper>
  );
}
