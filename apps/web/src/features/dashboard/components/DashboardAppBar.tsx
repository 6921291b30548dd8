import { useState, type ReactNode } from 'react';
import { AppBar, Box, Button, Chip, Divider, IconButton, ListItemIcon, Menu, MenuItem, Toolbar, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import FolderIcon from '@mui/icons-material/Folder';
import GetAppIcon from '@mui/icons-material/GetApp';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import PersonIcon from '@mui/icons-material/Person';
import { useAuth } from '../../../shared/auth/auth-context';
import { useInstallPrompt } from '../../../shared/install-prompt';
import { ThemeToggle } from '../../../shared/ui/ThemeToggle';
import { useSignOut } from '../../../shared/offline/useSignOut';
import { t } from '@arb/shared';

interface Item {
  label: string;
  icon: ReactNode;
  to?: string;
  onClick?: () => void;
}

/** docs/product.md#screens app bar; below the md breakpoint everything but the theme toggle moves into a menu. */
export function DashboardAppBar() {
  const { user } = useAuth();
  const { canInstall, openDialog } = useInstallPrompt();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // docs/product.md#working-offline: queued items stay in this browser for the user's next sign-in; say so first.
  const { pending, signOut, dialog } = useSignOut();

  const items: Item[] = [
    ...(canInstall ? [{ label: 'Instalar aplicación', icon: <GetAppIcon fontSize="small" />, onClick: openDialog }] : []),
    { label: 'Mi Membresía', icon: <CardMembershipIcon fontSize="small" />, to: '/membership' },
    ...(user?.role === 'ADMIN' ? [{ label: 'Admin', icon: <AdminPanelSettingsIcon fontSize="small" />, to: '/admin' }] : []),
    { label: 'Mis Registros', icon: <FolderIcon fontSize="small" />, to: '/history' },
    { label: 'Cerrar Sesión', icon: <LogoutIcon fontSize="small" />, onClick: signOut },
  ];
  const who = user?.user_name || user?.email || '';

  return (
    <AppBar position="sticky" component="header">
      <Toolbar sx={{ gap: 1 }}>
        <Typography
          variant="h6"
          component="h1"
          sx={{
            flexGrow: 1,
            minWidth: 0,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            fontSize: { xs: '1.05rem', sm: '1.25rem' },
            whiteSpace: 'nowrap',
          }}
        >
          Arbitraje USD/VES
        </Typography>
        {pending > 0 && (
          <Chip
            size="small"
            color="warning"
            data-testid="pending-chip"
            sx={{ flexShrink: 0 }}
            label={t('offlinePendingChip', { n: pending })}
          />
        )}
        <ThemeToggle />
        {/* CSS decides which of the two shows (no useMediaQuery: less code shared with /login). */}
        <Box sx={{ display: { xs: 'block', md: 'none' } }}>
          <IconButton
            color="inherit"
            aria-label="Abrir menú"
            aria-controls={anchor ? 'app-menu' : undefined}
            aria-haspopup="true"
            onClick={(e) => setAnchor(e.currentTarget)}
          >
            <MenuIcon />
          </IconButton>
          <Menu id="app-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
            <MenuItem disabled>
              <ListItemIcon>
                <PersonIcon fontSize="small" />
              </ListItemIcon>
              {who}
            </MenuItem>
            <Divider />
            {items.map((item) => (
              <MenuItem
                key={item.label}
                {...(item.to ? { component: RouterLink, to: item.to } : {})}
                onClick={() => {
                  setAnchor(null);
                  item.onClick?.();
                }}
              >
                <ListItemIcon>{item.icon}</ListItemIcon>
                {item.label}
              </MenuItem>
            ))}
          </Menu>
        </Box>
        <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 0.5 }}>
          {items.slice(0, -2).map((item) =>
            item.to ? (
              <Button key={item.label} color="inherit" component={RouterLink} to={item.to} startIcon={item.icon}>
                {item.label}
              </Button>
            ) : (
              <Button key={item.label} color="inherit" onClick={item.onClick} startIcon={item.icon}>
                {item.label}
              </Button>
            ),
          )}
          <Typography component="span" sx={{ mx: 1, display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <PersonIcon fontSize="small" />
            {who}
          </Typography>
          {items.slice(-2).map((item) =>
            item.to ? (
              <Button key={item.label} color="inherit" component={RouterLink} to={item.to} startIcon={item.icon}>
                {item.label}
              </Button>
            ) : (
              <Button key={item.label} color="inherit" onClick={item.onClick} startIcon={item.icon}>
                {item.label}
              </Button>
            ),
          )}
        </Box>
      </Toolbar>
      {dialog}
    </AppBar>
  );
}
