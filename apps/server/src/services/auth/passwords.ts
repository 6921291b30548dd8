import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with the OWASP minimum (m=19 MiB, t=2, p=1; ~9 ms here, STACK-NOTES). argon2id is the
 * library's default algorithm; its `Algorithm` is a const enum we cannot import under isolatedModules.
 */
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

let dummy: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown email cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummy, password);
  return false;
}
