import { isDayKey, messages, todayKey } from '@arb/shared';

/** The calendar day an instant falls on in this browser: the day the users table shows for it. */
export function dayOfInstant(iso: string): string {
  return todayKey(undefined, new Date(iso));
}

/**
 * A membership "active until" a day runs to the end of that day in the admin's time zone, so the
 * table (which shows instants in local time) shows the very day that was chosen.
 */
export function endOfDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 23, 59, 59, 999).toISOString();
}

/**
 * A real day, today or later. An end already past would only mark the user 'Expirada';
 * 'Quitar membresía' is the way to end one.
 */
export function membershipDayError(day: string, today: string): string | null {
  if (!day) return messages.membershipUntilRequired;
  if (!isDayKey(day)) return messages.dateInvalid;
  if (day < today) return messages.membershipUntilPast;
  return null;
}
