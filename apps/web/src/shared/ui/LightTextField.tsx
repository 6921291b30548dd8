import { useId, type HTMLAttributes, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

export interface LightTextFieldProps {
  label: ReactNode;
  name?: string;
  value?: string;
  defaultValue?: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  margin?: 'none' | 'dense' | 'normal';
  inputRef?: Ref<HTMLInputElement>;
  onChange?: OutlinedInputProps['onChange'];
  onBlur?: OutlinedInputProps['onBlur'];
  endAdornment?: ReactNode;
  /** Attributes of the <input> itself (inputMode, maxLength). */
  htmlInput?: InputHTMLAttributes<HTMLInputElement> & HTMLAttributes<HTMLInputElement>;
}

/**
 * An outlined MUI text field for the screens of a first visit (login, second step): the same
 * look and the same label/helper wiring as `<TextField>`, without what TextField imports for its
 * `select` prop (Select, Menu, Popover, Modal: about 20 KB gzip the login page never uses, DESIGN
 * docs/benchmarks.md's 160 KB). Screens after sign-in keep TextField.
 */
export function LightTextField({
  label,
  helperText,
  error,
  disabled,
  fullWidth,
  margin,
  endAdornment,
  htmlInput,
  ...input
}: LightTextFieldProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} disabled={disabled} fullWidth={fullWidth} margin={margin}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        endAdornment={endAdornment}
        inputProps={{ ...htmlInput, 'aria-describedby': helperId }}
        {...input}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
