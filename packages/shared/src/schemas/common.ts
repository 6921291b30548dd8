import { z } from 'zod';
import { messages } from '../messages.ts';
import { isDayKey } from '../days.ts';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SPEC §5 email rule: required, no surrounding spaces, a simple pattern. */
export const emailSchema = z
  .string({ error: messages.emailRequired })
  .min(1, messages.emailRequired)
  .max(254, messages.emailInvalid)
  .refine((v) => v === v.trim(), messages.emailSpaces)
  .refine((v) => v.trim() === '' || EMAIL_RE.test(v.trim()), messages.emailInvalid);

export const dayKeySchema = z.string({ error: messages.dateInvalid }).refine(isDayKey, messages.dateInvalid);

export const uuidSchema = z.uuid({ error: messages.notFound });

export const idParamsSchema = z.object({ id: uuidSchema });
