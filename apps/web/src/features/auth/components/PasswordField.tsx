import { useState, type Ref } from 'react';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';

/** A password input with its visibility toggle (SPEC §2). */
export function PasswordField({ inputRef, ...props }: TextFieldProps & { inputRef?: Ref<HTMLInputElement> }) {
  const [visible, setVisible] = useState(false);
  const label = visible ? 'Ocultar contraseña' : 'Mostrar contraseña';
  return (
    <TextField
      {...props}
      inputRef={inputRef}
      type={visible ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={label} onClick={() => setVisible((v) => !v)} edge="end" disabled={props.disabled}>
                {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
