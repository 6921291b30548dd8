import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, List, ListItemButton, ListItemText, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatDayShort, messages, SEARCH_MIN_CHARS, SEARCH_PAGE_SIZE, t, type SearchRow } from '@arb/shared';
import { PICKED_DAY_STATE } from '../../../shared/lib/picked-day';
import { useSearchTransactions, type SearchFilters } from '../api/search-transactions';

const EMPTY: SearchFilters = { q: '', desde: '', hasta: '', tipo: '', origen: '' };

function describe(r: SearchRow): string {
  const side =
    r.venta > 0
      ? `${messages.searchTipoVenta} ${r.venta} @ ${r.tasa_venta}`
      : `${messages.searchTipoCompra} ${r.compra} @ ${r.tasa_compra}`;
  return [side, r.referencia, r.contraparte].filter(Boolean).join(' · ');
}

/**
 * "Buscar operaciones" (docs/product.md#buscar-operaciones): text and filters, 50 hits a page,
 * newest first; each hit opens its day on the dashboard. The account and member filters of the
 * API are not offered here yet.
 */
export function SearchSection({ ledgerId }: { ledgerId: string }) {
  const [draft, setDraft] = useState<SearchFilters>(EMPTY);
  const [filters, setFilters] = useState<SearchFilters | null>(null);
  const [page, setPage] = useState(1);
  const [tooShort, setTooShort] = useState(false);
  const result = useSearchTransactions(ledgerId, filters, page);
  const set = (k: keyof SearchFilters) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [k]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = draft.q.trim();
    // The server's rule (packages/shared SEARCH_MIN_CHARS), said before asking it.
    if (q.length > 0 && [...q].length < SEARCH_MIN_CHARS) return setTooShort(true);
    setTooShort(false);
    setPage(1);
    setFilters({ ...draft });
  };

  const data = result.data;
  const pages = data ? Math.ceil(data.total / SEARCH_PAGE_SIZE) : 0;
  return (
    <Box component="section" aria-labelledby="search-title">
      <Typography id="search-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {messages.searchTitle}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="form" onSubmit={submit} direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <TextField size="small" label={messages.searchText} value={draft.q} onChange={set('q')} sx={{ flex: 2, minWidth: 200 }} />
          <TextField
            size="small"
            type="date"
            label={messages.searchDesde}
            value={draft.desde}
            onChange={set('desde')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label={messages.searchHasta}
            value={draft.hasta}
            onChange={set('hasta')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField size="small" select label={messages.searchTipo} value={draft.tipo} onChange={set('tipo')} sx={{ minWidth: 120 }}>
            <MenuItem value="">{messages.searchTodos}</MenuItem>
            <MenuItem value="venta">{messages.searchTipoVenta}</MenuItem>
            <MenuItem value="compra">{messages.searchTipoCompra}</MenuItem>
          </TextField>
          <TextField size="small" select label={messages.searchOrigen} value={draft.origen} onChange={set('origen')} sx={{ minWidth: 140 }}>
            <MenuItem value="">{messages.searchTodos}</MenuItem>
            <MenuItem value="manual">{messages.xlsOrigenManual}</MenuItem>
            <MenuItem value="binance_p2p">{messages.xlsOrigenBinance}</MenuItem>
          </TextField>
          <Button type="submit" variant="contained">
            {messages.searchButton}
          </Button>
        </Stack>
        {tooShort && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {messages.searchQueryTooShort}
          </Alert>
        )}
        {result.error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {result.error.message}
          </Alert>
        )}
        {data && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="body2" color="textSecondary">
              {data.total === 0
                ? messages.searchNoResults
                : data.mas
                  ? t('searchMore', { n: '1.000' })
                  : t('searchCount', { n: data.total })}
            </Typography>
            <List aria-label={messages.searchTitle} disablePadding>
              {data.rows.map((r) => (
                <ListItemButton
                  key={r.id}
                  component={RouterLink}
                  to={`/dashboard?ledger=${encodeURIComponent(ledgerId)}&date=${r.fecha}`}
                  state={PICKED_DAY_STATE}
                  divider
                >
                  <ListItemText primary={`${formatDayShort(r.fecha)} · ${describe(r)}`} secondary={r.notas} />
                </ListItemButton>
              ))}
            </List>
            {pages > 1 && (
              <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
                <Button disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                  {messages.searchPrev}
                </Button>
                <Typography variant="body2">{t('searchPage', { page })}</Typography>
                <Button disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                  {messages.searchNext}
                </Button>
              </Stack>
            )}
          </Box>
        )}
      </Paper>
    </Box>
  );
}
