import { OFFER_DOCUMENT_MAX_BYTES, OFFER_PHOTO_MAX_BYTES } from '~/features/deals/constants';
import type { MessageKey } from '~/i18n/t';

/**
 * The attachments of a deal step, checked in the browser before a phone uploads 50 MB for nothing. The server
 * checks them again by content (docs/deals.md); these checks read only the type the browser reports and the size.
 */

/** HEIF photos from phones often come with no type at all: their name then tells. */
const HEIF_NAME = /\.(heic|heif)$/i;

// What the file inputs offer to choose; the step's own page (no JavaScript) offers the same.
export { DOCUMENT_ACCEPT, PHOTO_ACCEPT } from '~/features/deals/constants';

export function photoProblem(file: File): MessageKey | undefined {
  if (!file.type.startsWith('image/') && !HEIF_NAME.test(file.name)) return 'deal.photo_not_image';
  if (file.size > OFFER_PHOTO_MAX_BYTES) return 'deal.photo_too_big';
  return undefined;
}

export function documentProblem(file: File): MessageKey | undefined {
  if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) return 'deal.document_not_pdf';
  if (file.size > OFFER_DOCUMENT_MAX_BYTES) return 'deal.document_too_big';
  return undefined;
}
