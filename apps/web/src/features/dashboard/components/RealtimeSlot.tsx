import { Box, Button, Chip } from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOff';

/**
 * Placeholder for the realtime connection chip (SPEC §2): shows 'Desconectado' until the live
 * chip from `features/realtime` (its index.ts) replaces this body at merge.
 */
export function RealtimeSlot(_props: { ledgerId: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Chip icon={<CloudOffIcon />} label="Desconectado" color="default" size="small" variant="outlined" />
      <Button size="small" onClick={() => window.location.reload()}>
        Reintentar Conexión
      </Button>
    </Box>
  );
}
