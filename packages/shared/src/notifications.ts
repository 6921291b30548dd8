// Notifications by Telegram (docs/product.md#telegram-notices): the settings contract and every Spanish text of the
// feature, for the server (bot answers, messages) and the web (the "Notificaciones" card).
import { z } from 'zod/mini';
import { uuidSchema } from './schemas/common.ts';

/** GET /api/notifications/settings (and the answer of PUT). */
export interface NotificationSettings {
  /** `enabled`: the server has a bot; `linked`: this user has a chat. Both read-only. */
  telegram: { enabled: boolean; linked: boolean };
  /** `ownerId`, `ownerName`: whose ledger it is, to tell apart two of the same name (issue 36). */
  ledgers: Array<{ ledgerId: string; name: string; ownerId: string; ownerName: string; cambios: boolean; resumen_diario: boolean }>;
}

/** PUT /api/notifications/settings: partial, per ledger. */
export const notificationSettingsUpdateSchema = z.object({
  ledgers: z
    .array(
      z.object({
        ledgerId: uuidSchema,
        cambios: z.optional(z.boolean()),
        resumen_diario: z.optional(z.boolean()),
      }),
    )
    .check(z.maxLength(500)),
});
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

/** POST /api/notifications/telegram/link */
export interface TelegramLink {
  url: string;
  expiresAt: string;
}

/** Link tokens: `[A-Za-z0-9_-]`, at most 64 characters (Telegram's deep-link limit). */
export const TELEGRAM_LINK_TOKEN_RE = /^[A-Za-z0-9_-]{1,64}$/;
export const TELEGRAM_LINK_TTL_MS = 15 * 60_000;

export const notificationTexts = {
  // Web
  cardTitle: 'Notificaciones',
  linkButton: 'Vincular Telegram',
  relinkButton: 'Vincular otro chat',
  linked: 'Telegram vinculado: recibirás aquí los avisos de tus registros.',
  notLinked: 'Vincula Telegram para recibir un aviso cuando otro miembro cambie tus registros.',
  linkHint: 'Se abrió Telegram: pulsa «Iniciar» en el chat del bot. El enlace caduca en 15 minutos.',
  cambios: 'Cambios',
  resumenDiario: 'Resumen diario (20:00)',
  disabled: 'Las notificaciones por Telegram no están activadas en este servidor',
  loadError: 'Error cargando notificaciones',
  saveError: 'Error guardando notificaciones',
  linkError: 'Error generando el enlace de Telegram',
  saved: 'Notificaciones actualizadas',
  // Bot answers
  botLinked: (userName: string) => `Listo, ${userName}: recibirás aquí los avisos de Arbitraje USD/VES.`,
  botLinkInvalid: 'El enlace no es válido o ha caducado. Genera uno nuevo en Mi Membresía con «Vincular Telegram».',
  botPrivateOnly: 'Solo se pueden vincular chats privados con el bot.',
  botUnlinked: 'Listo: ya no recibirás avisos de Arbitraje USD/VES en este chat.',
  botHelp: 'Para recibir avisos, abre Mi Membresía en Arbitraje USD/VES y pulsa «Vincular Telegram». /stop deja de enviarlos.',
} as const;
