import IconButton from '@mui/material/IconButton';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { useColorMode } from '../theme';

export function ThemeToggle({ color = 'inherit' }: { color?: 'inherit' | 'default' | 'primary' }) {
  const { mode, toggle } = useColorMode();
  const label = mode === 'light' ? 'Cambiar a tema oscuro' : 'Cambiar a tema claro';
  return (
    // A native title instead of MUI's Tooltip keeps Popper out of the first-load bundle.
    <IconButton aria-label={label} title={label} onClick={toggle} color={color}>
      {mode === 'light' ? <DarkModeIcon /> : <LightModeIcon />}
    </IconButton>
  );
}
