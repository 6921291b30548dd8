/**
 * The only /api routes a caller may use without a valid, active account (docs/conventions.md
 * "Routes"). Every other /api route is guarded by default: plugins/default-deny.ts gives the
 * `user` guard to any route that names no guard of its own. The OpenAPI document marks these as
 * needing no token, and the security sweep (apps/server/test/security-sweep.test.ts) reads them
 * from there. Keep the list short; adding a line here is a security decision.
 */
export const PUBLIC_ROUTES: readonly string[] = [
  'GET /api/health',
  'GET /api/docs/openapi.json',
  // The calls made before one has a session (or to end it: logout takes the refresh token).
  'POST /api/auth/register',
  'POST /api/auth/login',
  // docs/product.md#account-security: the second step of a login with two-factor (the mfaToken is the credential).
  'POST /api/auth/login/2fa',
  'POST /api/auth/refresh-token',
  'POST /api/auth/logout',
  'POST /api/auth/verify-email',
  'POST /api/auth/resend-verification',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  // Proof images by signed URL: an <img> cannot send a header; the signature is the permission.
  'GET /api/files/payment-proofs/:id',
  // docs/product.md#account-security: the switches the web's guards follow before anyone signs in.
  'GET /api/config',
  // The login page names the ledger a signed-out invitee was invited to (issue 25); the
  // 22-character random code is the secret.
  'GET /api/ledgers/invite-info/:code',
];

const publicSet = new Set(PUBLIC_ROUTES);

/** Whether `METHOD /url` (the route's pattern, e.g. `/api/files/payment-proofs/:id`) is public. */
export function isPublicRoute(method: string, url: string): boolean {
  const m = method.toUpperCase();
  return publicSet.has(`${m === 'HEAD' ? 'GET' : m} ${url}`);
}
