import { Button, Chip, Stack } from '@mui/material';
import WifiIcon from '@mui/icons-material/Wifi';
import WifiOffIcon from '@mui/icons-material/WifiOff';
import { messages } from '@arb/shared';

export interface ConnectionChipProps {
  connected: boolean;
  /** Defaults to reloading the page (docs/product.md#screens). */
  onRetry?: () => void;
}

/** The dashboard's realtime state: 'Conectado en tiempo real', or 'Desconectado' with a way back. */
export function ConnectionChip({ connected, onRetry = () => window.location.reload() }: ConnectionChipProps) {
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
