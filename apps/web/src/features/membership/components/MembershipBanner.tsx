import { Alert, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { messages } from '@arb/shared';
import { useAuth } from '../../../shared/auth/auth-context';
import { useMyMembership } from '../api/get-my-membership';

/**
 * docs/product.md#memberships: with MEMBERSHIP_REQUIRED, a user without an active membership can only read;
 * the dashboard says why and links to Mi Membresía. Renders nothing otherwise (admins are exempt).
 */
export function MembershipBanner() {
  const { user } = useAuth();
  const { data } = useMyMembership();
  if (!data || !data.membership_required || data.membership_status === 'active' || user?.role === 'ADMIN') return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Button component={RouterLink} to="/membership" color="inherit" size="small">
          Mi Membresía
        </Button>
      }
    >
      {messages.membershipInactive}
    </Alert>
  );
}
