import type { OutgoingEmail } from './queue-email.ts';
import { simpleHtml } from './layout.ts';

/** The mail with the /verify-email link (valid 24 h); also sent after an admin changes the address. */
export function verificationEmail(user: { email: string; user_name: string }, token: string, appUrl: string): OutgoingEmail {
  const link = `${appUrl}/verify-email?token=${encodeURIComponent(token)}`;
  const greeting = `Hola ${user.user_name},`;
  const body = 'Confirma tu dirección de email para empezar a usar Arbitraje USD/VES.';
  const footnote = 'El enlace vence en 24 horas. Si no creaste esta cuenta, ignora este mensaje.';
  return {
    to: user.email,
    subject: 'Verifica tu email - Arbitraje USD/VES',
    text: `${greeting}\n\n${body}\n\n${link}\n\n${footnote}\n\nArbitraje USD/VES\n`,
    html: simpleHtml({ greeting, body, action: 'Verificar email', link, footnote }),
  };
}
