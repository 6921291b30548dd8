import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { LightTextField, type LightTextFieldProps } from '../../../shared/ui/LightTextField';

/** A password input with its visibility toggle (docs/product.md#screens); part of /login's first load, so the light field. */
export function PasswordField(props: Omit<LightTextFieldProps, 'type' | 'endAdornment'>) {
  const [visible, setVisible] = useState(false);
  const label = visible ? 'Ocultar contraseña' : 'Mostrar contraseña';
  return (
    <LightTextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton aria-label={label} onClick={() => setVisible((v) => !v)} edge="end" disabled={props.disabled}>
            {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
