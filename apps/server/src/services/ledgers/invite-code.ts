import { randomBytes } from 'node:crypto';

/** 128 random bits, base64url (22 characters): unguessable, URL-safe, never expiring (SPEC §9). */
export function newInviteCode(): string {
  return randomBytes(16).toString('base64url');
}
