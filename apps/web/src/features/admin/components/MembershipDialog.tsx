import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { formatDate, messages, t, todayKey, type AdminUser } from '@arb/shared';
import { MembershipStatusChip } from '../../membership';
import { dayOfInstant, endOfDay, membershipDayError } from '../lib/membership-end';

interface Props {
  user: AdminUser | null;
  busy: boolean;
  error: string | null;
  /** An ISO instant (end of the chosen day), or null to remove the membership. */
  onSave(membershipEnd: string | null): void;
  onClose(): void;
}

/** Sets the day a user's membership runs to, or removes it (PATCH /api/admin/users/:id/membership). */
export function MembershipDialog({ user, busy, error, onSave, onClose }: Props) {
  return (
    <Dialog open={Boolean(user)} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs">
      {/* Keyed by user so the field starts from that user's date each time. */}
      {user && <MembershipForm key={user.id} user={user} busy={busy} error={error} onSave={onSave} onClose={onClose} />}
    </Dialog>
  );
}

function currentText(user: AdminUser): string {
  if (!user.membership_end) return messages.membershipCurrentNone;
  const date = formatDate(user.membership_end) ?? '';
  return user.membership_status === 'active' ? t('membershipCurrentActive', { date }) : t('membershipCurrentEnded', { date });
}

function MembershipForm({ user, busy, error, onSave, onClose }: Props & { user: AdminUser }) {
  const initial = user.membership_end ? dayOfInstant(user.membership_end) : '';
  const today = todayKey();
  const [day, setDay] = useState(initial);
  // Checked on submit, then on every change, so the message goes away as soon as it is fixed.
  const [submitted, setSubmitted] = useState(false);
  const invalid = submitted ? membershipDayError(day, today) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (membershipDayError(day, today) === null) onSave(endOfDay(day));
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <DialogTitle>{messages.membershipEdit}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <Typography sx={{ wordBreak: 'break-word' }}>
          {user.user_name} ({user.email})
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1, mb: 2 }}>
          <MembershipStatusChip status={user.membership_status} />
          <Typography variant="body2" color="textSecondary">
            {currentText(user)}
          </Typography>
        </Stack>
        <TextField
          label={messages.membershipUntilLabel}
          type="date"
          value={day}
          onChange={(e) => setDay(e.target.value)}
          required
          fullWidth
          autoFocus
          disabled={busy}
          error={Boolean(invalid)}
          helperText={invalid ?? messages.membershipUntilHelp}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
        />
      </DialogContent>
      <DialogActions disableSpacing sx={{ flexWrap: 'wrap', gap: 1 }}>
        {user.membership_end && (
          <Button color="error" disabled={busy} onClick={() => onSave(null)} sx={{ mr: 'auto' }}>
            {messages.membershipRevoke}
          </Button>
        )}
        <Button onClick={onClose} disabled={busy}>
          {messages.membershipCancel}
        </Button>
        <Button type="submit" variant="contained" disabled={busy || day === initial}>
          {busy ? messages.membershipSaving : messages.membershipSave}
        </Button>
      </DialogActions>
    </Box>
  );
}
