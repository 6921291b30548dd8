import { messages, PROOF_MAX_BYTES } from '@arb/shared';

/**
 * docs/product.md#money checks before an upload, in SPEC's order: a file, an image type, at most 5 MB. The
 * server decides again from the bytes; this only spares the member a pointless upload.
 */
export function validateProofFile(file: File | null | undefined): string | null {
  if (!file) return messages.proofFileRequired;
  if (!file.type.startsWith('image/')) return messages.proofNotImage;
  if (file.size > PROOF_MAX_BYTES) return messages.proofTooLarge;
  return null;
}
