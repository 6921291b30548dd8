import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, TableSortLabel } from '@mui/material';
import { messages, type AdminUser, type AdminUserSort } from '@arb/shared';
import { UserRow, type RowAction } from './UserRow';

const COLUMNS: Array<{ label: string; sort?: AdminUserSort; align?: 'center' }> = [
  { label: 'Usuario', sort: 'user_name' },
  { label: 'Email', sort: 'email' },
  { label: 'Rol', sort: 'role' },
  { label: 'Estado', sort: 'is_active' },
  { label: 'Verificado', sort: 'email_verified', align: 'center' },
  { label: messages.adminTwoFactorColumn, align: 'center' },
  { label: 'Registros', sort: 'owned_ledgers' },
  { label: 'Membresía' },
  { label: 'Días Restantes', sort: 'membership_end', align: 'center' },
  { label: 'Vencimiento', sort: 'membership_end' },
  { label: 'Comprobantes', sort: 'payment_proofs', align: 'center' },
  { label: 'Acciones' },
];

interface Props {
  users: AdminUser[];
  total: number;
  page: number;
  pageSize: number;
  sort: string;
  selfId: string | undefined;
  busyId: string | null;
  /** What an empty table says (a search with no match is not an empty user base). */
  emptyText: string;
  onSort(sort: string): void;
  onPage(page: number, pageSize: number): void;
  onAction(action: RowAction, user: AdminUser): void;
  onToggleActive(user: AdminUser, active: boolean): void;
}

/** The users table with server-side sorting and paging (a list of 10,000 users stays quick). */
export function UsersTable(props: Props) {
  const key = props.sort.replace(/^-/, '');
  const desc = props.sort.startsWith('-');
  return (
    <Paper>
      <TableContainer>
        <Table size="small" aria-label="Usuarios" sx={{ '& th, & td': { px: 1 } }}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c.label} align={c.align} sortDirection={c.sort === key ? (desc ? 'desc' : 'asc') : false}>
                  {c.sort ? (
                    <TableSortLabel
                      active={c.sort === key}
                      direction={c.sort === key && desc ? 'desc' : 'asc'}
                      onClick={() => props.onSort(c.sort === key && !desc ? `-${c.sort}` : c.sort!)}
                    >
                      {c.label}
                    </TableSortLabel>
                  ) : (
                    c.label
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {props.users.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} align="center" sx={{ py: 4 }}>
                  {props.emptyText}
                </TableCell>
              </TableRow>
            )}
            {props.users.map((u) => (
              <UserRow
                key={u.id}
                user={u}
                isSelf={u.id === props.selfId}
                busy={props.busyId === u.id}
                onAction={props.onAction}
                onToggleActive={props.onToggleActive}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={props.total}
        page={props.page - 1}
        rowsPerPage={props.pageSize}
        rowsPerPageOptions={[10, 25, 50, 100]}
        onPageChange={(_e, p) => props.onPage(p + 1, props.pageSize)}
        onRowsPerPageChange={(e) => props.onPage(1, Number(e.target.value))}
        labelRowsPerPage="Filas por página"
        labelDisplayedRows={({ from, to, count }) => `${from}–${to} de ${count}`}
      />
    </Paper>
  );
}
