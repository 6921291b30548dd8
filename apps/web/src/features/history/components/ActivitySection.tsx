import { RetryAlert } from '../../../shared/ui/RetryAlert';
import { Box, Button, CircularProgress, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { formatDateTime, messages } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { useActivity } from '../api/get-activity';
import { activitySentence } from '../lib/activity-sentence';

/** 'Actividad': who did what and when in this ledger, newest first, 'Cargar más' for older entries. */
export function ActivitySection({ ledgerId, pageSize }: { ledgerId: string; pageSize?: number }) {
  const activity = useActivity(ledgerId, pageSize);
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
      {activity.isError && (
        <RetryAlert sx={{ mt: 1 }} message={errorMessage(activity.error, messages.activityLoadError)} onRetry={() => void activity.refetch()} />
      )}
      {activity.isSuccess && entries.length === 0 && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {messages.activityEmpty}
        </Typography>
      )}
      {entries.length > 0 && (
        <List dense aria-label={messages.activityTitle} data-testid="activity-list">
          {entries.map((e) => (
            <ListItem key={e.id} disableGutters divider>
              <ListItemText primary={activitySentence(e)} secondary={formatDateTime(e.createdAt)} />
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
