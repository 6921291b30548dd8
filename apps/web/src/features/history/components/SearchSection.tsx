import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  formatDayShort,
  formatRate,
  formatUsd,
  messages,
  SEARCH_MIN_CHARS,
  SEARCH_PAGE_SIZE,
  t,
  type LedgerUser,
  type SearchRow,
} from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { PICKED_DAY_STATE } from '../../../shared/lib/picked-day';
import { FilterSelect } from '../../../shared/ui/FilterSelect';
import { useSearchAccounts } from '../api/search-accounts';
import { useSearchTransactions, type SearchFilters } from '../api/search-transactions';
import { ht } from '../history-texts';

const TIPOS = [
  { value: 'venta', label: messages.searchTipoVenta },
  { value: 'compra', label: messages.searchTipoCompra },
];
const ORIGENES = [
  { value: 'manual', label: messages.xlsOrigenManual },
  { value: 'binance_p2p', label: messages.xlsOrigenBinance },
];

const EMPTY: SearchFilters = { q: '', desde: '', hasta: '', tipo: '', origen: '', cuentaId: '', userId: '' };

/**
 * The search made lives in the page's address (`?buscar=1&q=…&tipo=venta&cuenta=…&pagina=2`), so
 * opening a hit and pressing the browser's "back" returns to the same results, and the address can
 * be shared (as the Cuentas page keeps its account filter, decision 0060). Names are the form's
 * words; values the API's.
 */
const PARAM: Record<keyof SearchFilters, string> = {
  q: 'q',
  desde: 'desde',
  hasta: 'hasta',
  tipo: 'tipo',
  origen: 'origen',
  cuentaId: 'cuenta',
  userId: 'miembro',
};
const SEARCHED = 'buscar';
const PAGE = 'pagina';
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The search an address holds, or null when it holds none; a value the form could not have sent is dropped. */
export function searchFromParams(params: URLSearchParams): { filters: SearchFilters; page: number } | null {
  if (params.get(SEARCHED) !== '1') return null;
  const get = (k: keyof SearchFilters) => params.get(PARAM[k]) ?? '';
  const tipo = get('tipo');
  const origen = get('origen');
  const day = (v: string) => (DAY_RE.test(v) ? v : '');
  const filters: SearchFilters = {
    q: get('q').slice(0, 200),
    desde: day(get('desde')),
    hasta: day(get('hasta')),
    tipo: tipo === 'venta' || tipo === 'compra' ? tipo : '',
    origen: origen === 'manual' || origen === 'binance_p2p' ? origen : '',
    cuentaId: get('cuentaId'),
    userId: get('userId'),
  };
  const page = Number.parseInt(params.get(PAGE) ?? '', 10);
  return { filters, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/** `current` with the search replaced (other parameters kept); null removes it. */
function withSearch(current: URLSearchParams, search: { filters: SearchFilters; page: number } | null): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const k of [SEARCHED, PAGE, ...Object.values(PARAM)]) next.delete(k);
  if (search) {
    next.set(SEARCHED, '1');
    for (const [k, name] of Object.entries(PARAM) as Array<[keyof SearchFilters, string]>) {
      const v = search.filters[k].trim();
      if (v !== '') next.set(name, v);
    }
    if (search.page > 1) next.set(PAGE, String(search.page));
  }
  return next;
}

/**
 * "Compra 50,00 USD a 39,00 Bs · referencia · contraparte": the sides, then what the text matched.
 * A row that pairs a sale and a purchase shows both, as its row on the dashboard does.
 */
function describe(r: SearchRow): string {
  const sides = [
    r.venta > 0 ? `${messages.searchTipoVenta} ${formatUsd(r.venta)} a ${formatRate(r.tasa_venta)}` : null,
    r.compra > 0 ? `${messages.searchTipoCompra} ${formatUsd(r.compra)} a ${formatRate(r.tasa_compra)}` : null,
  ];
  return [...sides, r.referencia, r.contraparte].filter(Boolean).join(' · ');
}

/** What the form would send, or the Spanish reason it cannot be sent yet (said without asking the server). */
function check(draft: SearchFilters): string | null {
  const q = draft.q.trim();
  if (q.length > 0 && [...q].length < SEARCH_MIN_CHARS) return messages.searchQueryTooShort;
  if (draft.desde && draft.hasta && draft.desde > draft.hasta) return messages.searchDatesReversed;
  return null;
}

interface Props {
  ledgerId: string;
  /** Who may have entered rows (owner and members), for the Miembro filter; none = no filter. */
  members?: readonly LedgerUser[];
}

/**
 * "Buscar operaciones" (docs/product.md#buscar-operaciones): text, dates, side, account, member and
 * origin, 50 hits a page, newest first; each hit is a link that opens its day on the dashboard.
 * A plain form: Enter in any field searches, every filter is one FilterSelect (MUI's menu, which
 * the keyboard opens and walks), the count is announced (role="status") and the first hit is the
 * next Tab stop after "Buscar".
 */
export function SearchSection({ ledgerId, members = [] }: Props) {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the params' value; the object changes identity on every render.
  const made = useMemo(() => searchFromParams(params), [key]);
  const filters = made?.filters ?? null;
  const page = made?.page ?? 1;
  const [draft, setDraft] = useState<SearchFilters>(() => filters ?? EMPTY);
  // "Back" and "forward" bring another search into the address: the form shows what it searched.
  useEffect(() => setDraft(filters ?? EMPTY), [filters]);
  const [invalid, setInvalid] = useState<string | null>(null);
  const result = useSearchTransactions(ledgerId, filters, page);
  const accounts = useSearchAccounts(ledgerId);
  const resultsTop = useRef<HTMLDivElement>(null);
  const pick = (k: keyof SearchFilters) => (value: string) => setDraft((d) => ({ ...d, [k]: value }));
  const set = (k: keyof SearchFilters) => (e: { target: { value: string } }) => pick(k)(e.target.value);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const reason = check(draft);
    setInvalid(reason);
    if (reason) return;
    setParams((current) => withSearch(current, { filters: { ...draft }, page: 1 }));
  };
  const clear = () => {
    setDraft(EMPTY);
    setInvalid(null);
    setParams((current) => withSearch(current, null));
  };
  const turn = (to: number) => {
    if (filters) setParams((current) => withSearch(current, { filters, page: to }));
    // Back to the top of the list, so a keyboard user starts the new page at its first hit.
    resultsTop.current?.focus();
  };

  // Only for a search made: after "Limpiar" the query's kept previous answer is not shown.
  const data = filters ? result.data : undefined;
  const pages = data ? Math.ceil(data.total / SEARCH_PAGE_SIZE) : 0;
  const searching = result.isFetching;
  const accountList = accounts.data ?? [];
  return (
    <Box component="section" aria-labelledby="search-title">
      <Typography id="search-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {messages.searchTitle}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          component="form"
          role="search"
          aria-labelledby="search-title"
          onSubmit={submit}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap' }}
        >
          <TextField
            size="small"
            label={messages.searchText}
            value={draft.q}
            onChange={set('q')}
            sx={{ flex: 2, minWidth: 200 }}
            slotProps={{ htmlInput: { maxLength: 200, enterKeyHint: 'search' } }}
          />
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
          <FilterSelect
            label={messages.searchTipo}
            value={draft.tipo}
            onChange={pick('tipo')}
            allLabel={messages.searchTodos}
            options={TIPOS}
            sx={{ minWidth: 120 }}
          />
          {accountList.length > 0 && (
            <FilterSelect
              label={messages.searchCuenta}
              value={draft.cuentaId}
              onChange={pick('cuentaId')}
              allLabel={messages.searchTodas}
              options={accountList.map((c) => ({ value: c.id, label: c.label }))}
              sx={{ minWidth: 160 }}
            />
          )}
          {members.length > 1 && (
            <FilterSelect
              label={messages.searchMiembro}
              value={draft.userId}
              onChange={pick('userId')}
              allLabel={messages.searchTodos}
              options={members.map((m) => ({ value: m.id, label: m.user_name || m.email }))}
              sx={{ minWidth: 160 }}
            />
          )}
          <FilterSelect
            label={messages.searchOrigen}
            value={draft.origen}
            onChange={pick('origen')}
            allLabel={messages.searchTodos}
            options={ORIGENES}
            sx={{ minWidth: 140 }}
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained">
              {messages.searchButton}
            </Button>
            <Button type="button" onClick={clear}>
              {messages.searchClear}
            </Button>
          </Stack>
        </Stack>
        {invalid && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {invalid}
          </Alert>
        )}
        {searching && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'center' }}>
            <CircularProgress size={16} aria-hidden />
            <Typography variant="body2" color="textSecondary">
              {messages.searchLoading}
            </Typography>
          </Stack>
        )}
        {filters && result.isError && !searching && (
          <Alert
            severity="error"
            sx={{ mt: 1 }}
            action={
              <Button color="inherit" size="small" onClick={() => void result.refetch()}>
                {messages.retry}
              </Button>
            }
          >
            {errorMessage(result.error, messages.searchError, messages.searchConnectionError)}
          </Alert>
        )}
        {data && !result.isError && (
          <Box sx={{ mt: 2, opacity: result.isPlaceholderData ? 0.6 : 1 }}>
            <Typography variant="body2" color="textSecondary" role="status" tabIndex={-1} ref={resultsTop} sx={{ outline: 'none' }}>
              {data.total === 0
                ? messages.searchNoResults
                : data.mas
                  ? t('searchMore', { n: '1.000' })
                  : data.total === 1
                    ? ht('searchCountOne')
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
                <Button disabled={page <= 1 || searching} onClick={() => turn(page - 1)}>
                  {messages.searchPrev}
                </Button>
                <Typography variant="body2">{t('searchPage', { page })}</Typography>
                <Button disabled={page >= pages || searching} onClick={() => turn(page + 1)}>
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
