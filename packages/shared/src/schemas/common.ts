// zod/mini: the same schemas and messages as classic zod at a fraction of the bundle size; these
// schemas load with the login form (on first focus; its JavaScript budget is 160 KB gzip, docs/benchmarks.md).
import { z } from 'zod/mini';
import { messages } from '../messages.ts';
import { isDayKey, latestEntryDay } from '../days.ts';

/** Invisible format characters (zero-width space and joiners, soft hyphen, direction marks, BOM). */
const INVISIBLE = /\p{Cf}/gu;

/**
 * The one spelling of an address (docs/product.md#account-security, issue 36): compatibility forms
 * folded (NFKC: fullwidth "ａｎａ" is "ana"), invisible characters dropped, lower case. Look-alikes
 * that survive this (the dotless ı, Cyrillic letters) are not ASCII and are refused below.
 */
export function normalizeEmail(raw: string): string {
  return raw.normalize('NFKC').replace(INVISIBLE, '').toLowerCase();
}

// After normalization: RFC 5321's dot-atom local part (64 at most) and a domain of LDH labels
// whose top level is letters or an IDN in its ASCII (xn--) form. Unicode domains must be typed
// in that form: nothing here converts them (docs/decisions/0033-trust-first-security.md).
const LOCAL_RE = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_RE = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

function plausibleEmail(v: string): boolean {
  const at = v.lastIndexOf('@');
  if (at < 0) return false;
  const local = v.slice(0, at);
  return local.length <= 64 && LOCAL_RE.test(local) && DOMAIN_RE.test(v.slice(at + 1));
}

/**
 * docs/product.md#account-security email rule: required, no surrounding spaces, normalized
 * (`normalizeEmail`), ASCII, a plausible address. Register, login, forgot-password, resend,
 * admin edits and the CLI all read addresses through it, so one person has one spelling.
 */
export const emailSchema = z.string({ error: messages.emailRequired }).check(
  z.minLength(1, messages.emailRequired),
  z.overwrite(normalizeEmail),
  z.maxLength(254, messages.emailInvalid),
  z.refine((v) => v === v.trim(), messages.emailSpaces),
  z.refine((v) => v.trim() === '' || PRINTABLE_ASCII.test(v), messages.emailCharacters),
  z.refine((v) => v.trim() === '' || v !== v.trim() || !PRINTABLE_ASCII.test(v) || plausibleEmail(v), messages.emailInvalid),
);

export const dayKeySchema = z.string({ error: messages.dateInvalid }).check(z.refine(isDayKey, messages.dateInvalid));

/**
 * The day of what is written into a ledger (a transaction, a base balance): a day key no later than
 * tomorrow (latestEntryDay); 2099 was accepted (issue 36). Reads take any day (dayKeySchema).
 */
export const entryDayKeySchema = z.string({ error: messages.dateInvalid }).check(
  z.refine(isDayKey, messages.dateInvalid),
  z.refine((v) => !isDayKey(v) || v <= latestEntryDay(), messages.dateTooFar),
);

export const uuidSchema = z.uuid({ error: messages.notFound });

export const idParamsSchema = z.object({ id: uuidSchema });
