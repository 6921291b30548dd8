import { AvatarGroup, Box, Button, Card, CardActionArea, CardActions, CardContent, Chip, Stack, Tooltip, Typography } from '@mui/material';
import GroupIcon from '@mui/icons-material/Group';
import HistoryIcon from '@mui/icons-material/History';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { AVATAR_GROUP_MAX, type Ledger } from '@arb/shared';
import { MemberAvatar } from './MemberAvatar';

interface LedgerCardProps {
  ledger: Ledger;
  isOwner: boolean;
  onOpen(): void;
  onInvite(): void;
  onHistory(): void;
  /** Opens group management (members, rename, leave / delete). */
  onManage(): void;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One item of /history (docs/product.md#screens): name, owner badge, creator, ≤ 4 avatars, counts, Invitar / Historial. */
export function LedgerCard({ ledger, isOwner, onOpen, onInvite, onHistory, onManage }: LedgerCardProps) {
  const tx = ledger._count.transactions;
  return (
    <Card variant="outlined" component="li" aria-label={ledger.name}>
      <CardActionArea onClick={onOpen}>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
            <Typography variant="h6" component="h2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
              {ledger.name}
            </Typography>
            {isOwner && <Chip label="Propietario" size="small" color="primary" />}
          </Stack>
          <Typography variant="body2" color="textSecondary" gutterBottom>
            Creado por {isOwner ? 'ti' : ledger.owner.user_name || ledger.owner.email}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center' }}>
            <AvatarGroup max={AVATAR_GROUP_MAX} sx={{ '& .MuiAvatar-root': { width: 32, height: 32, fontSize: 14 } }}>
              {ledger.members.map((m) => (
                <MemberAvatar key={m.userId} user={m.user} />
              ))}
            </AvatarGroup>
            <Box>
              <Typography variant="body2">{plural(ledger.members.length, 'miembro', 'miembros')}</Typography>
              <Typography variant="body2">{plural(tx, 'transacción', 'transacciones')}</Typography>
            </Box>
          </Stack>
        </CardContent>
      </CardActionArea>
      <CardActions>
        <Tooltip title={isOwner ? '' : 'Solo el propietario puede invitar'}>
          <span>
            <Button size="small" startIcon={<PersonAddIcon />} onClick={onInvite} disabled={!isOwner}>
              Invitar
            </Button>
          </span>
        </Tooltip>
        <Button size="small" startIcon={<HistoryIcon />} onClick={onHistory}>
          Historial
        </Button>
        <Button size="small" startIcon={<GroupIcon />} onClick={onManage}>
          Gestionar
        </Button>
      </CardActions>
    </Card>
  );
}
