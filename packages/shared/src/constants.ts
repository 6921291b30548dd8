/** Business constants of packages/shared/src/constants.ts and DESIGN, in one place. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const REFRESH_MARGIN_SECONDS = 300;
export const REFRESH_REUSE_GRACE_SECONDS = 10;
export const VERIFY_TOKEN_TTL_HOURS = 24;
export const RESET_TOKEN_TTL_HOURS = 1;
export const API_TIMEOUT_MS = 15_000;
/**
 * The caller's role as read on this request, sent with every authenticated answer: the web
 * re-reads its stored user when it differs, so a promotion or demotion takes effect without
 * signing out (issue 25).
 */
export const USER_ROLE_HEADER = 'x-user-role';
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MINUTES = 15;
/** docs/product.md#account-security: failures per address across emails in the same window. */
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 20;
/**
 * docs/product.md#account-security: sign-ups per address (IP) in a window (issue 36: 50 in seconds
 * went through). Counted before the password is hashed; the server's REGISTER_MAX_PER_ADDRESS
 * may raise it (a test server that signs many people up from one machine).
 */
export const REGISTER_MAX_PER_ADDRESS = 10;
export const REGISTER_WINDOW_MINUTES = 60;
/** docs/product.md#account-security: an address a user signed in from is spared the per-email limit this long. */
export const LOGIN_KNOWN_ADDRESS_DAYS = 30;
/** docs/product.md#account-security: two-factor. */
export const MFA_TOKEN_TTL_MINUTES = 5;
export const MFA_MAX_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;
export const RESEND_COOLDOWN_SECONDS = 30;
export const SNACKBAR_HIDE_MS = 3_000;

/** docs/product.md#undo: "Deshacer" stays 10 s (the exception to SPEC's 3 s); changes of the last 30 days can be restored. */
export const UNDO_SNACKBAR_MS = 10_000;
export const RESTORE_WINDOW_DAYS = 30;
/** The two windows as the delete and reset questions name them (messages deleteTxConfirm, resetConfirm). */
export const UNDO_WINDOWS = { segundos: UNDO_SNACKBAR_MS / 1000, dias: RESTORE_WINDOW_DAYS } as const;
/** The activity actions that can be restored (the server's restoreHandlers; a test holds them equal). */
export const RESTORABLE_ACTIONS: readonly string[] = [
  'TRANSACTION_DELETED',
  'LEDGER_DAY_RESET',
  'IMPORT_UNDONE',
  'MOVEMENT_DELETED',
  'CAPITAL_INICIAL_REGISTRADO',
];
/** Of those, the ones only the owner may undo (registering them is the owner's: decision 0059). */
export const OWNER_RESTORE_ACTIONS: readonly string[] = ['CAPITAL_INICIAL_REGISTRADO'];
export const COPIED_INDICATOR_MS = 2_000;
export const REDIRECT_AFTER_REGISTER_MS = 3_000;
export const REDIRECT_AFTER_RESET_MS = 3_000;
export const REDIRECT_AFTER_INVITE_MS = 3_000;
export const REDIRECT_AFTER_JOIN_MS = 2_000;
export const REDIRECT_AFTER_LEAVE_MS = 1_000;
export const INSTALL_PROMPT_DELAY_MS = 5_000;
export const AVATAR_GROUP_MAX = 4;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_RECOMMENDED_LENGTH = 8;
export const PASSWORD_MIN_SCORE = 2;
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_MAX_PIXELS = 2400;
/** docs/product.md#upload-limits: an image whose header declares more pixels is refused before it is decoded. */
export const PROOF_MAX_INPUT_PIXELS = 50_000_000;
export const SIGNED_URL_TTL_SECONDS = 3600;
export const DAYS_RED_AT = 7;
export const DAYS_ORANGE_AT = 15;
export const MONEY_MAX = 1e12;
export const NOTES_MAX = 1000;
/** docs/product.md#binance-import: Binance P2P exports up to 10 MB and 50,000 rows (CSV and XLSX alike). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
/**
 * docs/product.md#upload-limits (decision 0031): what an upload may cost once opened. A cell longer than
 * IMPORT_MAX_CELL_CHARS refuses the file; an XLSX (a zip) may inflate to IMPORT_MAX_INFLATED_BYTES in all,
 * no entry of more than 1 MB inflated may be compressed more than IMPORT_MAX_ZIP_RATIO to 1, and it may
 * hold IMPORT_MAX_ZIP_ENTRIES files. A 50,000-row export inflates to ~24 MB at ~10 to 1.
 */
export const IMPORT_MAX_CELL_CHARS = 1_000;
export const IMPORT_MAX_INFLATED_BYTES = 100 * 1024 * 1024;
export const IMPORT_MAX_ZIP_RATIO = 100;
export const IMPORT_MAX_ZIP_ENTRIES = 64;
/** The preview answers at most this many rows (its counts cover the whole file). */
export const IMPORT_PREVIEW_MAX_ROWS = 1_000;
/** docs/product.md#binance-import: the dollar stablecoins an order may trade against VES. */
export const IMPORT_ASSETS = ['USDT', 'USDC', 'FDUSD', 'BUSD', 'DAI'] as const;
export const IMPORT_FIAT = 'VES';
export const IMPORT_ORIGIN = 'binance_p2p';
export const LEDGER_NAME_MAX = 80;
export const DEFAULT_LEDGER_NAME = 'Mi Registro';
export const SOCKET = {
  reconnectionAttempts: 3,
  reconnectionDelayMs: 1_000,
  reconnectionDelayMaxMs: 5_000,
  timeoutMs: 10_000,
  serverDisconnectRetryMs: 2_000,
  connectErrorRetryMs: 3_000,
} as const;
export const RELOAD_AFTER_DATE_CHANGE_MS = 100;
export const RELOAD_AFTER_LEDGER_CHANGE_MS = 500;
export const RATES_REFRESH_MS = 5 * 60_000;

export const STORAGE_KEYS = {
  authToken: 'authToken',
  refreshToken: 'refreshToken',
  userData: 'userData',
  pendingInvite: 'pendingInvite',
  pwaPromptSeen: 'pwaPromptSeen',
  colorMode: 'colorMode',
} as const;

export const ROLES = ['USER', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

/** Error codes of the API (`{error, code}`); the web reacts to some of them. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'STALE_VERSION',
  'RESTORE_CONFLICT',
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'ACCOUNT_DISABLED',
  'EMAIL_NOT_VERIFIED',
  'MEMBERSHIP_INACTIVE',
  // docs/product.md "Permissions": a viewer member ("Solo lectura") asked to write
  'SOLO_LECTURA',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA',
  'RATE_LIMITED',
  'BAD_GATEWAY',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  'NO_TRANSACTIONS',
  'IMPORT_UNRECOGNIZED',
  'IMPORT_EMPTY',
  'IMPORT_UNREADABLE',
  // docs/product.md#upload-limits
  'UPLOAD_REJECTED',
  'UPLOAD_BUSY',
  // docs/product.md#account-security
  'IDEMPOTENCY_MISMATCH',
  'TOTP_INVALID',
  'INVALID_PASSWORD',
  'MFA_EXPIRED',
  'MFA_CODE_INVALID',
  // docs/product.md#cuentas-y-movimientos
  'CUENTA_EN_USO',
  'CUENTA_CON_SALDO',
  'CUENTA_DUPLICADA',
  'CUENTA_INVALIDA',
  'TASA_REQUERIDA',
  // docs/product.md#socios-y-liquidacion
  'PERIODO_CERRADO',
  'PERIODO_INVALIDO',
  'CAPITAL_YA_REGISTRADO',
  'LEDGER_CON_SOCIOS',
  // docs/operations.md#backups
  'BACKUP_NOT_FOUND',
  'BACKUP_IN_PROGRESS',
  'BACKUP_FAILED',
  // docs/product.md#binance-sync
  'BINANCE_KEY_NOT_READ_ONLY',
  'BINANCE_KEY_REJECTED',
  'BINANCE_UNAVAILABLE',
  'SYNC_EN_CURSO',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
