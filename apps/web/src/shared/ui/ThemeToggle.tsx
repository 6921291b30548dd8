import { IconButton, Tooltip } from '@mui/material';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { useColorMode } from '../theme';

export function ThemeToggle({ color = 'inherit' }: { color?: 'inherit' | 'default' | 'primary' }) {
  const { mode, toggle } = useColorMode();
  const label = mode === 'light' ? 'Cambiar a tema oscuro' : 'Cambiar a tema claro';
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={toggle} color={color}>
        {mode === 'light' ? <DarkModeIcon /> : <LightModeIcon />}
      </IconButton>
    </Tooltip>
  );
}
