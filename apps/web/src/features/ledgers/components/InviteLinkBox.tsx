import { Alert, Box, Button, IconButton, InputAdornment, Stack, TextField, Tooltip, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { messages } from '@arb/shared';
import { errorMessage } from '../../../shared/lib/api-client';
import { useInvite } from '../api/get-invite';
import { useRegenerateInvite } from '../api/regenerate-invite';
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard';
import { useTimedNotice } from '../hooks/use-timed-notice';

/** packages/shared/src/constants.ts: the link is the site's origin plus /join/{inviteCode}; it never expires. */
export const joinUrl = (inviteCode: string) => `${window.location.origin}/join/${inviteCode}`;

/** The owner's invite link with a copy button (2 s 'copied' indicator) and a way to replace it. */
export function InviteLinkBox({ ledgerId }: { ledgerId: string }) {
  const invite = useInvite(ledgerId);
  const regenerate = useRegenerateInvite();
  const { copy, copied, error: copyError } = useCopyToClipboard();
  const { notice, show, clear } = useTimedNotice();

  if (invite.isPending) return <Typography color="textSecondary">Generando enlace...</Typography>;
  if (invite.isError) return <Alert severity="error">{errorMessage(invite.error, messages.inviteError)}</Alert>;
  if (!invite.data.inviteCode) return <Alert severity="error">{messages.inviteLinkMissing}</Alert>;
  const url = joinUrl(invite.data.inviteCode);

  const onRegenerate = () =>
    regenerate.mutate(ledgerId, {
      onSuccess: () => show({ severity: 'success', text: messages.inviteRegenerated }),
      onError: (err) => show({ severity: 'error', text: errorMessage(err, messages.inviteRegenerateError) }),
    });

  return (
    <Stack spacing={1}>
      <TextField
        label="Enlace de invitación"
        value={url}
        fullWidth
        size="small"
        slotProps={{
          input: {
            readOnly: true,
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={copied ? 'Copiado' : 'Copiar enlace'}>
                  <IconButton aria-label="Copiar enlace" onClick={() => void copy(url)} edge="end" color={copied ? 'success' : 'default'}>
                    {copied ? <CheckIcon /> : <ContentCopyIcon />}
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      {copied && (
        <Alert severity="success" role="status">
          {messages.linkCopied}
        </Alert>
      )}
      {copyError && <Alert severity="error">{copyError}</Alert>}
      <Typography variant="body2" color="textSecondary">
        Comparte este enlace con quien quieras invitar. Quien lo abra podrá unirse al registro.
      </Typography>
      <Box>
        <Button size="small" onClick={onRegenerate} disabled={regenerate.isPending}>
          Generar nuevo enlace
        </Button>
      </Box>
      {notice && (
        <Alert severity={notice.severity} onClose={clear}>
          {notice.text}
        </Alert>
      )}
    </Stack>
  );
}
