import type { ErrorCode } from './constants.ts';
import { messages, type MessageKey } from './messages.ts';

/**
 * The API's error table, in one place: each `{error, code}` code with the HTTP status it is
 * always sent with and the Spanish text used when the thrower gives no more precise one. The
 * server's `AppError` takes its status from here; the web falls back to the text. See
 * docs/architecture.md ("Errors").
 */
export const ERROR_TABLE = {
  VALIDATION_ERROR: { status: 400, message: 'validationFailed' },
  // A file that is not an image: the upload was well-formed, its content is not (400, not 415).
  UNSUPPORTED_MEDIA: { status: 400, message: 'proofNotImage' },
  UNAUTHORIZED: { status: 401, message: 'unauthorized' },
  TOKEN_EXPIRED: { status: 401, message: 'sessionExpired' },
  INVALID_CREDENTIALS: { status: 401, message: 'invalidCredentials' },
  FORBIDDEN: { status: 403, message: 'ownerOnly' },
  ACCOUNT_DISABLED: { status: 403, message: 'accountDisabled' },
  EMAIL_NOT_VERIFIED: { status: 403, message: 'emailNotVerified' },
  MEMBERSHIP_INACTIVE: { status: 403, message: 'membershipInactive' },
  SOLO_LECTURA: { status: 403, message: 'soloLectura' },
  IMPORT_UNRECOGNIZED: { status: 400, message: 'importUnrecognized' },
  IMPORT_EMPTY: { status: 400, message: 'importEmpty' },
  IMPORT_UNREADABLE: { status: 400, message: 'importCsvUnreadable' },
  // docs/product.md#upload-limits: a file that would cost more than an upload may (size once opened, time, memory).
  UPLOAD_REJECTED: { status: 400, message: 'uploadRejected' },
  // Every upload worker busy and the queue full: try again shortly (never the event loop's work).
  UPLOAD_BUSY: { status: 503, message: 'uploadBusy' },
  // docs/product.md#account-security: wrong code or password on an authenticated call is a 400, never a 401 (the web treats 401 as an ended session).
  TOTP_INVALID: { status: 400, message: 'totpInvalid' },
  INVALID_PASSWORD: { status: 400, message: 'invalidPassword' },
  MFA_EXPIRED: { status: 401, message: 'mfaExpired' },
  // The login's second step: a wrong code is a failed login (401), unlike TOTP_INVALID on setup.
  MFA_CODE_INVALID: { status: 401, message: 'totpInvalid' },
  NOT_FOUND: { status: 404, message: 'notFound' },
  NO_TRANSACTIONS: { status: 404, message: 'exportNoTransactions' },
  CONFLICT: { status: 409, message: 'validationFailed' },
  STALE_VERSION: { status: 409, message: 'txStale' },
  RESTORE_CONFLICT: { status: 409, message: 'restoreConflict' },
  EMAIL_TAKEN: { status: 409, message: 'emailTaken' },
  IDEMPOTENCY_MISMATCH: { status: 422, message: 'idempotencyMismatch' },
  // Accounts, movements and cuadres (docs/product.md#cuentas-y-movimientos).
  CUENTA_EN_USO: { status: 409, message: 'cuentaEnUso' },
  CUENTA_CON_SALDO: { status: 409, message: 'cuentaConSaldo' },
  CUENTA_DUPLICADA: { status: 409, message: 'cuentaDuplicada' },
  CUENTA_INVALIDA: { status: 400, message: 'cuentaInvalida' },
  TASA_REQUERIDA: { status: 422, message: 'tasaRequerida' },
  // Socios (docs/product.md#socios-y-liquidacion): a write dated in a closed period; a period that leaves a gap or overlaps.
  PERIODO_CERRADO: { status: 409, message: 'periodoCerrado' },
  PERIODO_INVALIDO: { status: 409, message: 'periodoInvalido' },
  // "Registrar capital inicial" when there is nothing left unregistered (decision 0056).
  CAPITAL_YA_REGISTRADO: { status: 409, message: 'capitalInicialYaRegistrado' },
  // An admin deleting the owner of a ledger that other members share data in: hand it over first (DESIGN §28 "Former partners").
  LEDGER_CON_SOCIOS: { status: 409, message: 'ledgerConSociosGeneric' },
  // docs/operations.md#backups: an id not in the list (a path-like one included); one already being written; a failed write.
  BACKUP_NOT_FOUND: { status: 404, message: 'backupNotFound' },
  BACKUP_IN_PROGRESS: { status: 409, message: 'backupInProgress' },
  BACKUP_FAILED: { status: 500, message: 'backupFailed' },
  // docs/product.md#binance-sync: a key that can do more than read; one Binance refuses; Binance out of reach; a run already going.
  BINANCE_KEY_NOT_READ_ONLY: { status: 400, message: 'binanceKeyNotReadOnly' },
  BINANCE_KEY_REJECTED: { status: 400, message: 'binanceKeyRejected' },
  BINANCE_UNAVAILABLE: { status: 502, message: 'binanceUnavailable' },
  SYNC_EN_CURSO: { status: 409, message: 'binanceSyncEnCurso' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'bodyTooLarge' },
  RATE_LIMITED: { status: 429, message: 'tooManyRequests' },
  INTERNAL_ERROR: { status: 500, message: 'internalError' },
  BAD_GATEWAY: { status: 502, message: 'ratesUnavailable' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'serviceUnavailable' },
} as const satisfies Record<ErrorCode, { status: number; message: MessageKey }>;

export type ErrorStatus = (typeof ERROR_TABLE)[ErrorCode]['status'];

/** The HTTP status every answer with this code carries. */
export function errorStatus(code: ErrorCode): ErrorStatus {
  return ERROR_TABLE[code].status;
}

/** The code's default Spanish text. */
export function errorText(code: ErrorCode): string {
  return messages[ERROR_TABLE[code].message];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_TABLE, value);
}
