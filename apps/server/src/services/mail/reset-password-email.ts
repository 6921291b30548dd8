import type { OutgoingEmail } from './queue-email.ts';
import { simpleHtml } from './layout.ts';

/** The mail with the /reset-password link (valid 1 h, single use). */
export function resetPasswordEmail(user: { email: string; user_name: string }, token: string, appUrl: string): OutgoingEmail {
  const link = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const greeting = `Hola ${user.user_name},`;
  const body = 'Recibimos una solicitud para restablecer tu contraseña. Usa este enlace para elegir una nueva.';
  const footnote = 'El enlace vence en 1 hora y sirve una sola vez. Si no lo pediste, ignora este mensaje: tu contraseña no cambia.';
  return {
    to: user.email,
    subject: 'Restablece tu contraseña - Arbitraje USD/VES',
    text: `${greeting}\n\n${body}\n\n${link}\n\n${footnote}\n\nArbitraje USD/VES\n`,
    html: simpleHtml({ greeting, body, action: 'Restablecer contraseña', link, footnote }),
  };
}
