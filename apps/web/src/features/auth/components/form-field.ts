import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/** react-hook-form's register() for an MUI TextField: the ref goes to the real <input>, errors to the helper text. */
export function muiField(reg: UseFormRegisterReturn, error?: FieldError) {
  const { ref, ...rest } = reg;
  return { ...rest, inputRef: ref, error: Boolean(error), helperText: error?.message };
}
