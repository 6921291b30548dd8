import { createHash, randomBytes } from 'node:crypto';
import { messages, VERIFY_TOKEN_TTL_HOURS } from '@arb/shared';
import { emailOutbox, emailTokens } from '../../db/schema.ts';
import type { Tx } from '../../db/database.ts';

/**
 * TEMPORARY (lead: switch to feat/auth's `queueEmail(tx, …)` and its verification email builder
 * in `services/mail/` once they land on main). Until then an admin's email change writes the
 * verification token and the outbox row itself, in the caller's transaction, with the same
 * rules: a random token stored as its SHA-256, kind 'verify', valid 24 h.
 */
async function queueEmailLocal(tx: Tx, mail: { to: string; subject: string; text: string; html: string }): Promise<void> {
  await tx.insert(emailOutbox).values(mail);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function queueVerificationEmail(
  tx: Tx,
  user: { id: string; email: string; userName: string },
  appUrl: string,
  now: Date,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(emailTokens).values({
    userId: user.id,
    kind: 'verify',
    tokenHash: createHash('sha256').update(token).digest('hex'),
    email: user.email,
    expiresAt: new Date(now.getTime() + VERIFY_TOKEN_TTL_HOURS * 3_600_000),
  });
  const link = `${appUrl}/verify-email?token=${token}`;
  const text = `Hola ${user.userName},\n\nUn administrador cambió el email de tu cuenta de Arbitraje USD/VES. Verifica tu nueva dirección abriendo este enlace (válido 24 horas):\n\n${link}\n`;
  const html = `<p>Hola ${escapeHtml(user.userName)},</p><p>Un administrador cambió el email de tu cuenta de Arbitraje USD/VES. Verifica tu nueva dirección (el enlace es válido 24 horas):</p><p><a href="${link}">Verificar email</a></p><p>${link}</p>`;
  await queueEmailLocal(tx, { to: user.email, subject: messages.verifyEmailSubject, text, html });
}
