/**
 * The admin the e2e global setup registers first: the first user of a server becomes ADMIN, so
 * every user a journey registers afterwards is a plain USER.
 */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'Admin123!', name: 'Admin E2E' } as const;
