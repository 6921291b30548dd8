import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationTexts, type NotificationSettings, type NotificationSettingsUpdate, type TelegramLink } from '@arb/shared';
import { api } from '../../../shared/lib/api-client';
import { membershipKeys } from './get-my-membership';

const key = () => [...membershipKeys.all, 'notifications'] as const;

/** GET /api/notifications/settings (docs/product.md#telegram-notices); while a link is pending it is re-read every 3 s. */
export const notificationSettingsQuery = (waitingForLink = false) =>
  queryOptions({
    queryKey: key(),
    queryFn: () => api<NotificationSettings>('/api/notifications/settings', notificationTexts.loadError),
    refetchInterval: (q) => (waitingForLink && !q.state.data?.telegram.linked ? 3_000 : false),
  });

export const useNotificationSettings = (waitingForLink = false) => useQuery(notificationSettingsQuery(waitingForLink));

/** PUT /api/notifications/settings (partial); the answer is the whole settings. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettingsUpdate) =>
      api<NotificationSettings>('/api/notifications/settings', notificationTexts.saveError, { method: 'PUT', body }),
    onSuccess: (settings) => queryClient.setQueryData(key(), settings),
  });
}

/** POST /api/notifications/telegram/link → the t.me deep link (single use, 15 minutes). */
export function useTelegramLink() {
  return useMutation({
    mutationFn: () => api<TelegramLink>('/api/notifications/telegram/link', notificationTexts.linkError, { method: 'POST' }),
  });
}
