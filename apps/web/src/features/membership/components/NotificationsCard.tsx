import { useState } from 'react';
import { Box, Button, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { notificationTexts as t, type NotificationSettingsUpdate } from '@arb/shared';
import { useNotificationSettings, useTelegramLink, useUpdateNotificationSettings } from '../api/notification-settings';
import { SectionCard } from './SectionCard';
import { getStoredUser } from '../../../shared/lib/session';

interface Props {
  onSaved(message: string): void;
  onError(message: string): void;
}

/**
 * docs/product.md#telegram-notices "Notificaciones": link Telegram and choose per ledger. Hidden while the settings
 * load or fail, and when the server has no bot (telegram.enabled false).
 */
export function NotificationsCard({ onSaved, onError }: Props) {
  const [waiting, setWaiting] = useState(false);
  const settings = useNotificationSettings(waiting);
  const update = useUpdateNotificationSettings();
  const link = useTelegramLink();
  const data = settings.data;
  if (!data?.telegram.enabled) return null;
  const me = getStoredUser()?.id;

  const openTelegram = async () => {
    // Opened within the click, then pointed at the link: a window opened after an await is blocked.
    const win = window.open('', '_blank');
    try {
      const { url } = await link.mutateAsync();
      if (win) win.location.href = url;
      else window.location.assign(url);
      setWaiting(true);
    } catch (err) {
      win?.close();
      onError(err instanceof Error ? err.message : t.linkError);
    }
  };

  const save = async (body: NotificationSettingsUpdate) => {
    try {
      await update.mutateAsync(body);
      onSaved(t.saved);
    } catch (err) {
      onError(err instanceof Error ? err.message : t.saveError);
    }
  };

  return (
    <SectionCard>
      <Typography variant="h6" component="h2" gutterBottom>
        {t.cardTitle}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {data.telegram.linked ? t.linked : waiting ? t.linkHint : t.notLinked}
      </Typography>
      <Button
        variant={data.telegram.linked ? 'outlined' : 'contained'}
        onClick={() => void openTelegram()}
        disabled={link.isPending}
        sx={{ mb: 2 }}
      >
        {data.telegram.linked ? t.relinkButton : t.linkButton}
      </Button>
      <Stack spacing={1}>
        {data.ledgers.map((l) => {
          // Another's ledger says whose it is, as the ledger selector does: two "Mi Registro" apart (issue 36).
          const name = l.ownerId === me ? l.name : `${l.name} · ${l.ownerName}`;
          return (
            <Box key={l.ledgerId} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2 }}>
              <Typography sx={{ flex: '1 1 160px', fontWeight: 500 }}>{name}</Typography>
              <FormControlLabel
                control={
                  <Switch
                    checked={l.cambios}
                    disabled={update.isPending}
                    onChange={(e) => void save({ ledgers: [{ ledgerId: l.ledgerId, cambios: e.target.checked }] })}
                    slotProps={{ input: { 'aria-label': `${t.cambios}: ${name}` } }}
                  />
                }
                label={t.cambios}
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={l.resumen_diario}
                    disabled={update.isPending}
                    onChange={(e) => void save({ ledgers: [{ ledgerId: l.ledgerId, resumen_diario: e.target.checked }] })}
                    slotProps={{ input: { 'aria-label': `${t.resumenDiario}: ${name}` } }}
                  />
                }
                label={t.resumenDiario}
              />
            </Box>
          );
        })}
      </Stack>
    </SectionCard>
  );
}
