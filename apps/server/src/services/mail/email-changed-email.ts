import type { OutgoingEmail } from './queue-email.ts';
import { simpleHtml } from './layout.ts';

/**
 * The notice to the old address when an admin changes a user's email (issue 25): the new address
 * gets the verification mail, and the owner of the old one learns where their account went.
 */
export function emailChangedEmail(user: { oldEmail: string; newEmail: string; user_name: string }, appUrl: string): OutgoingEmail {
  const link = `${appUrl}/login`;
  const greeting = `Hola ${user.user_name},`;
  const body = `Un administrador cambió el email de tu cuenta de Arbitraje USD/VES a ${user.newEmail}. Enviamos un enlace de verificación a esa dirección; desde ahora inicia sesión con ella.`;
  const footnote = 'Si no esperabas este cambio, contacta al administrador.';
  return {
    to: user.oldEmail,
    subject: 'Tu email fue cambiado - Arbitraje USD/VES',
    text: `${greeting}\n\n${body}\n\n${link}\n\n${footnote}\n\nArbitraje USD/VES\n`,
    html: simpleHtml({ greeting, body, action: 'Ir al inicio de sesión', link, footnote }),
  };
}
