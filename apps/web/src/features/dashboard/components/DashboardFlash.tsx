import { Alert } from '@mui/material';
import { clearDashboardFlash, useDashboardFlash } from '../lib/dashboard-flash';

/** Shows the dashboard's pending message (see dashboard-flash.ts) until the user closes it. */
export function DashboardFlash() {
  const text = useDashboardFlash();
  if (!text) return null;
  return (
    <Alert severity="info" onClose={clearDashboardFlash}>
      {text}
    </Alert>
  );
}
