// zod/mini: the same schemas and messages as classic zod at a fraction of the bundle size; these
// schemas load with the login form (on first focus; its JavaScript budget is 160 KB gzip, docs/benchmarks.md).
import { z } from 'zod/mini';
import { messages } from '../messages.ts';
import { isDayKey, latestEntryDay } from '../days.ts';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** docs/product.md#money email rule: required, no surrounding spaces, a simple pattern. */
export const emailSchema = z.string({ error: messages.emailRequired }).check(
  z.minLength(1, messages.emailRequired),
  z.maxLength(254, messages.emailInvalid),
  z.refine((v) => v === v.trim(), messages.emailSpaces),
  z.refine((v) => v.trim() === '' || EMAIL_RE.test(v.trim()), messages.emailInvalid),
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
