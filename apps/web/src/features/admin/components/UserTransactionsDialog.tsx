import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { formatDayShort, formatNumber2, formatRate, messages, type AdminUser } from '@arb/shared';
import { useUserTransactions } from '../api/get-user-transactions';
import { AdminListDialog } from './AdminListDialog';

/** docs/product.md#screens admin dialog: the transactions a user created, newest first. */
export function UserTransactionsDialog({ user, onClose }: { user: AdminUser | null; onClose(): void }) {
  const txs = useUserTransactions(user?.id);
  return (
    <AdminListDialog
      open={Boolean(user)}
      title={
        <>
          Transacciones de {user?.user_name} ({user?.email})
        </>
      }
      maxWidth="lg"
      list={txs}
      loadingLabel="Cargando transacciones"
      errorFallback={messages.loadUserTransactionsError}
      emptyText="No hay transacciones para este usuario."
      onClose={onClose}
    >
      {(items) => (
        <TableContainer>
          <Table size="small" aria-label="Transacciones del usuario">
            <TableHead>
              <TableRow>
                <TableCell>Fecha</TableCell>
                <TableCell>Registro</TableCell>
                <TableCell align="right">Venta ($)</TableCell>
                <TableCell align="right">Tasa Venta (Bs)</TableCell>
                <TableCell align="right">Compra ($)</TableCell>
                <TableCell align="right">Tasa Compra (Bs)</TableCell>
                <TableCell align="right">Ganancia ($)</TableCell>
                <TableCell align="center">Verificado</TableCell>
                <TableCell>Notas</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((t) => (
                <TableRow key={t.id} hover>
                  <TableCell>{formatDayShort(t.fecha)}</TableCell>
                  <TableCell>{t.ledger.name}</TableCell>
                  <TableCell align="right">{formatNumber2(t.venta)}</TableCell>
                  <TableCell align="right">{formatRate(t.tasa_venta)}</TableCell>
                  <TableCell align="right">{formatNumber2(t.compra)}</TableCell>
                  <TableCell align="right">{formatRate(t.tasa_compra)}</TableCell>
                  <TableCell align="right" sx={{ color: t.ganancia >= 0 ? 'success.main' : 'error.main', fontWeight: 600 }}>
                    {formatNumber2(t.ganancia)}
                  </TableCell>
                  <TableCell align="center">
                    {t.esta_verificada ? (
                      <CheckCircleIcon color="success" fontSize="small" aria-label="Verificada" />
                    ) : (
                      <RadioButtonUncheckedIcon color="disabled" fontSize="small" aria-label="No verificada" />
                    )}
                  </TableCell>
                  <TableCell sx={{ maxWidth: 240, wordBreak: 'break-word' }}>{t.notas}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </AdminListDialog>
  );
}
