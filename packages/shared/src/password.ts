import { PASSWORD_RECOMMENDED_LENGTH } from './constants.ts';

export interface PasswordStrength {
  /** 0–4: one point each for 8+ characters, upper and lower case, a digit, a symbol (docs/product.md#money). */
  score: number;
  label: 'Muy débil' | 'Débil' | 'Buena' | 'Fuerte';
  /** Up to two missing requirements, shown when the score is below 3. */
  hints: string[];
}

const checks = [
  { ok: (p: string) => p.length >= PASSWORD_RECOMMENDED_LENGTH, hint: 'Usa al menos 8 caracteres' },
  { ok: (p: string) => /[a-z]/.test(p) && /[A-Z]/.test(p), hint: 'Combina mayúsculas y minúsculas' },
  { ok: (p: string) => /\d/.test(p), hint: 'Incluye al menos un número' },
  { ok: (p: string) => /[^A-Za-z0-9]/.test(p), hint: 'Incluye al menos un símbolo' },
];

export function passwordStrength(password: string): PasswordStrength {
  const score = checks.filter((c) => c.ok(password)).length;
  const label = score <= 1 ? 'Muy débil' : score === 2 ? 'Débil' : score === 3 ? 'Buena' : 'Fuerte';
  const hints =
    score < 3
      ? checks
          .filter((c) => !c.ok(password))
          .slice(0, 2)
          .map((c) => c.hint)
      : [];
  return { score, label, hints };
}

export const PASSWORD_HELPER_TEXT = 'Usa 8 o más caracteres con mayúsculas, minúsculas, números y símbolos.';
