import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

export interface FilePart {
  name?: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body for app.inject: text fields and at most a few files. */
export function multipart(fields: Record<string, string>, files: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----arb${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name ?? 'image'}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';

/** A small real image of a format, made with sharp. */
export async function makeImage(format: ImageFormat, width = 64, height = 48): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } });
  return base.toFormat(format).toBuffer();
}
