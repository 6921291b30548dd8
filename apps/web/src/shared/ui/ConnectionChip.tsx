import { Box, Button, Chip, Stack } from '@mui/material';
import WifiIcon from '@mui/icons-material/Wifi';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import { messages } from '@arb/shared';

export interface ConnectionChipProps {
  connected: boolean;
  /**
   * The first connection attempt has not ended (or not started): an empty space the height of
   * the chip, neither state yet. The dashboard opens its socket after the day's list has painted
   * (docs/decisions/0019-dashboard-first-paint.md), and 'Desconectado' with its taller retry
   * button, then 'Conectado' moved the whole screen up once connected (Lighthouse CLS).
   */
  pending?: boolean;
  /** Defaults to reloading the page (docs/product.md#screens). */
  onRetry?: () => void;
}

/** The dashboard's realtime state: 'Conectado en tiempo real', or 'Desconectado' with a way back. */
export function ConnectionChip({ connected, pending = false, onRetry = () => window.location.reload() }: ConnectionChipProps) {
  // MUI's small Chip is 24 px high: the space 'Conectado en tiempo real' will take.
  if (pending && !connected) return <Box sx={{ height: 24 }} />;
  if (connected) {
    return <Chip icon={<WifiIcon />} label={messages.realtimeConnected} color="success" size="small" variant="outlined" />;
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Chip icon={<WifiOffIcon />} label={messages.realtimeDisconnected} color="error" size="small" variant="outlined" />
      <Button size="small" onClick={onRetry}>
        {messages.realtimeRetry}
      </Button>
    </Stack>
  );
}
