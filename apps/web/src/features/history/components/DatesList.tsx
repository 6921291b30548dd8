import { useState } from 'react';
import { Button, Chip, List, ListItemButton, ListItemText, Paper } from '@mui/material';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Link as RouterLink } from 'react-router';
import { messages } from '@arb/shared';
import { PICKED_DAY_STATE } from '../../../shared/lib/picked-day';
import type { HistoryDate } from '../api/types';
import { movCountLabel, txCountLabel } from '../lib/labels';

/** Days shown at first and per 'Mostrar más fechas': three years of daily use is ~1,000 rows. */
export const DATES_STEP = 30;

/** The ledger's days with transactions or movements, newest first; each opens the dashboard on that day. */
export function DatesList({ ledgerId, dates, step = DATES_STEP }: { ledgerId: string; dates: HistoryDate[]; step?: number }) {
  const [shown, setShown] = useState(step);
  const visible = dates.slice(0, shown);
  return (
    <Paper variant="outlined">
      <List aria-label={messages.historyDatesTitle} disablePadding>
        {visible.map((d, i) => (
          <ListItemButton
            key={d.date}
            component={RouterLink}
            to={`/dashboard?ledger=${encodeURIComponent(ledgerId)}&date=${d.date}`}
            // The user chose this day: the dashboard does not ask whether they meant today.
            state={PICKED_DAY_STATE}
            divider={i < visible.length - 1}
            data-testid={`history-date-${d.date}`}
          >
            <ListItemText
              primary={d.formattedDate}
              slotProps={{ primary: { sx: { '&::first-letter': { textTransform: 'uppercase' } } } }}
            />
            {/* A day listed for its movements alone says so, not "0 transacciones". */}
            {(d.transactionCount > 0 || !d.movementCount) && <Chip size="small" label={txCountLabel(d.transactionCount)} sx={{ mr: 1 }} />}
            {d.movementCount ? <Chip size="small" variant="outlined" label={movCountLabel(d.movementCount)} sx={{ mr: 1 }} /> : null}
            <ChevronRightIcon color="action" aria-hidden="true" />
          </ListItemButton>
        ))}
      </List>
      {dates.length > shown && (
        <Button fullWidth onClick={() => setShown((n) => n + step)} sx={{ borderTop: 1, borderColor: 'divider', borderRadius: 0 }}>
          {messages.historyMoreDates}
        </Button>
      )}
    </Paper>
  );
}
