import { AppBar, Box, Button, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LogoutIcon from '@mui/icons-material/Logout';
import { useNavigate } from 'react-router';
import { useSignOut } from '../../../shared/offline/useSignOut';
import { ThemeToggle } from '../../../shared/ui/ThemeToggle';

/** docs/product.md#screens /admin top bar: back to the dashboard, logo, sign-out. */
export function AdminTopBar() {
  const navigate = useNavigate();
  const { signOut, dialog } = useSignOut();
  return (
    <AppBar position="static" elevation={1}>
      <Toolbar sx={{ gap: 1 }}>
        <Tooltip title="Volver al Dashboard">
          <IconButton color="inherit" edge="start" aria-label="Volver al Dashboard" onClick={() => navigate('/dashboard')}>
            <ArrowBackIcon />
          </IconButton>
        </Tooltip>
        <Box component="img" src="/icon.svg" alt="" sx={{ width: 32, height: 32 }} />
        <Typography variant="h6" component="div" sx={{ flexGrow: 1 }} noWrap>
          Arbitraje USD/VES
        </Typography>
        <ThemeToggle />
        <Button color="inherit" startIcon={<LogoutIcon />} onClick={signOut}>
          Cerrar Sesión
        </Button>
      </Toolbar>
      {dialog}
    </AppBar>
  );
}
