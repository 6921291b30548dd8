import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/** react-hook-form's register() for an MUI TextField: the ref goes to the real <input>, errors to the helper text. */
export function muiField(reg: UseFormRegisterReturn, error?: FieldError) {
  const { ref, ...rest } = reg;
  return { ...rest, inputRef: ref, error: Boolean(error), helperText: error?.message };
}

/**
 * Email inputs are plain text with an email keyboard: a type="email" input silently trims its
 * value, so docs/product.md#money's "no leading or trailing spaces" message could never be shown.
 */
export const emailInputSlots = { htmlInput: { inputMode: 'email' } } as const;
