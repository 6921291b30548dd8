import type { Readable } from 'node:stream';
import type { FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * docs/product.md#upload-limits: what one upload form may carry. Every multipart route reads its form
 * here (Binance import, payment proof), so the byte limit, the early refusal and the Spanish
 * answers are the same everywhere; what the bytes hold is then measured by the service that opens
 * them (zip-guard.ts for an XLSX, sharp's pixel limit for an image) in services/uploads.
 */
export interface UploadFormSpec {
  /** The file's field name; other file parts are drained unread. */
  field: string;
  maxBytes: number;
  /** The text fields read (others are ignored). */
  textFields: readonly string[];
  /** Bytes of one text field. */
  textMaxBytes: number;
  /** 413 text when the file is larger than `maxBytes`. */
  tooLarge: string;
  /** 400 text when the form is not multipart or is malformed. */
  required: string;
}

export interface UploadForm {
  /** Undefined when the form had no such file part. */
  file: Buffer | undefined;
  fileName: string;
  fields: Record<string, string>;
}

/** The multipart plugin's limits for a route scope that reads `spec` (one file, a few short fields). */
export function uploadLimits(spec: UploadFormSpec): FastifyMultipartOptions {
  return { limits: { fileSize: spec.maxBytes, files: 1, fields: spec.textFields.length + 2, parts: 6, fieldSize: spec.textMaxBytes } };
}

// Answer at once and close the connection: a client sending 1 GB is not read to the end.
const tooLarge = (spec: UploadFormSpec) => new AppError('PAYLOAD_TOO_LARGE', spec.tooLarge, undefined, { connection: 'close' });

/**
 * Reads one file part, keeping at most `maxBytes`. busboy signals the limit with a 'limit' event
 * but would go on reading (and discarding) the rest of the body; we stop right there.
 */
function readLimited(file: Readable & { truncated: boolean }, spec: UploadFormSpec): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.once('limit', () => {
      chunks.length = 0;
      file.destroy();
      reject(tooLarge(spec));
    });
    file.once('end', () => (file.truncated ? reject(tooLarge(spec)) : resolve(Buffer.concat(chunks))));
    file.once('error', reject);
  });
}

/** The one reader of an upload form (docs/product.md#upload-limits). */
export async function readUploadForm(request: FastifyRequest, spec: UploadFormSpec): Promise<UploadForm> {
  const required = () => new AppError('VALIDATION_ERROR', spec.required);
  if (!request.isMultipart()) throw required();
  const form: UploadForm = { file: undefined, fileName: '', fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === spec.field && !form.file) {
          form.fileName = part.filename;
          form.file = await readLimited(part.file, spec);
        } else part.file.resume();
      } else if (spec.textFields.includes(part.fieldname) && typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(spec);
    // A malformed or cut-off form (busboy's and the plugin's FST_* errors, a closed connection).
    throw required();
  }
  return form;
}
