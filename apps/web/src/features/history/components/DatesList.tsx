import { Chip, List, ListItemButton, ListItemText, Paper } from '@mui/material';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Link as RouterLink } from 'react-router';
import { messages } from '@arb/shared';
import type { HistoryDate } from '../api/types';
import { txCountLabel } from '../lib/labels';

/** The ledger's days with transactions, newest first; each opens the dashboard on that day. */
export function DatesList({ ledgerId, dates }: { ledgerId: string; dates: HistoryDate[] }) {
  return (
    <Paper variant="outlined">
      <List aria-label={messages.historyDatesTitle} disablePadding>
        {dates.map((d, i) => (
          <ListItemButton
            key={d.date}
            component={RouterLink}
            to={`/dashboard?ledger=${encodeURIComponent(ledgerId)}&date=${d.date}`}
            divider={i < dates.length - 1}
            data-testid={`history-date-${d.date}`}
          >
            <ListItemText primary={d.formattedDate} slotProps={{ primary: { sx: { '&::first-letter': { textTransform: 'uppercase' } } } }} />
            <Chip size="small" label={txCountLabel(d.transactionCount)} sx={{ mr: 1 }} />
            <ChevronRightIcon color="action" aria-hidden="true" />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
