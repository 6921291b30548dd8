import { randomBytes } from 'node:crypto';

/** 128 random bits, base64url (22 characters): unguessable, URL-safe, never expiring (packages/shared/src/constants.ts). */
export function newInviteCode(): string {
  return randomBytes(16).toString('base64url');
}
