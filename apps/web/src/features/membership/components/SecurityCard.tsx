import { useState } from 'react';
import { Alert, Box, Button, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { describeUserAgent, formatDateTime, messages, t, type SessionInfo } from '@arb/shared';
import { useAuth } from '../../../shared/auth/auth-context';
import { errorMessage } from '../../../shared/lib/api-client';
import { timeAgo } from '../../../shared/lib/time-ago';
import { SectionCard } from './SectionCard';
import { useCloseOtherSessions, useCloseSession, useSessions } from '../api/security';
import { TwoFactorDialog } from './TwoFactorDialog';

/** "Chrome en Android · hace 2 min" (issue 36: the raw User-Agent was shown). */
const device = (s: SessionInfo) => {
  const name = describeUserAgent(s.userAgent);
  const ago = timeAgo(s.lastUsedAt);
  return ago ? t('sessionSummary', { device: name, ago }) : name;
};
/** The last use in the app's 24 h format ("27/11/26, 23:19"), not the browser's "11:19 p. m.". */
const when = (iso: string) => formatDateTime(iso) ?? messages.dateInvalid;

/** docs/product.md#account-security: the "Seguridad" card of /membership — two-factor and the open sessions. */
export function SecurityCard({ onDone, onError }: { onDone: (message: string) => void; onError: (message: string) => void }) {
  const { user, updateUser } = useAuth();
  const [dialog, setDialog] = useState<'enable' | 'disable' | null>(null);
  const sessions = useSessions();
  const closeOne = useCloseSession();
  const closeOthers = useCloseOtherSessions();
  const enabled = user?.two_factor_enabled === true;
  const others = (sessions.data ?? []).filter((s) => !s.current);

  const act = (p: Promise<unknown>) =>
    p.then(
      () => onDone(messages.sessionsClosedSuccess),
      (err: unknown) => onError(errorMessage(err, messages.sessionsCloseError)),
    );

  return (
    <SectionCard>
      <Typography variant="h6" component="h2" gutterBottom>
        {messages.securityTitle}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography>{messages.twoFactorTitle}:</Typography>
        <Chip size="small" color={enabled ? 'success' : 'default'} label={enabled ? messages.twoFactorOn : messages.twoFactorOff} />
        <Button size="small" onClick={() => setDialog(enabled ? 'disable' : 'enable')}>
          {enabled ? messages.twoFactorDisable : messages.twoFactorEnable}
        </Button>
      </Stack>
      <Typography variant="subtitle1" component="h3">
        {messages.sessionsTitle}
      </Typography>
      {sessions.isError && <Alert severity="error">{errorMessage(sessions.error, messages.sessionsLoadError)}</Alert>}
      <List dense aria-label={messages.sessionsTitle}>
        {(sessions.data ?? []).map((s: SessionInfo) => (
          <ListItem
            key={s.id}
            secondaryAction={
              s.current ? (
                <Chip size="small" label={messages.sessionCurrent} />
              ) : (
                <Button size="small" disabled={closeOne.isPending} onClick={() => void act(closeOne.mutateAsync(s.id))}>
                  {messages.sessionClose}
                </Button>
              )
            }
          >
            <ListItemText
              primary={device(s)}
              secondary={[s.ip, t('sessionLastUsed', { date: when(s.lastUsedAt) })].filter(Boolean).join(' · ')}
              slotProps={{ primary: { sx: { pr: 12, overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
      <Box>
        <Button
          variant="outlined"
          color="warning"
          disabled={others.length === 0 || closeOthers.isPending}
          onClick={() => void act(closeOthers.mutateAsync())}
        >
          {messages.sessionsCloseOthers}
        </Button>
      </Box>
      {dialog && (
        <TwoFactorDialog
          mode={dialog}
          onClose={() => setDialog(null)}
          onDone={(message) => {
            updateUser({ two_factor_enabled: dialog === 'enable' });
            setDialog(null);
            onDone(message);
          }}
        />
      )}
    </SectionCard>
  );
}
