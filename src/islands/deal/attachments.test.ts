import { describe, expect, it } from 'vitest';
import { OFFER_DOCUMENT_MAX_BYTES, OFFER_PHOTO_MAX_BYTES } from '~/features/deals/constants';
import { documentProblem, photoProblem } from './attachments';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('deal step attachments', () => {
  it('takes images up to 20 MB, HEIF photos by their name when the browser gives no type', () => {
    expect(photoProblem(file('a.jpg', 'image/jpeg'))).toBeUndefined();
    expect(photoProblem(file('IMG_1.HEIC', ''))).toBeUndefined();
    expect(photoProblem(file('a.jpg', 'image/jpeg', OFFER_PHOTO_MAX_BYTES))).toBeUndefined();
    expect(photoProblem(file('a.jpg', 'image/jpeg', OFFER_PHOTO_MAX_BYTES + 1))).toBe('deal.photo_too_big');
    expect(photoProblem(file('a.pdf', 'application/pdf'))).toBe('deal.photo_not_image');
  });

  it('takes PDF documents up to 50 MB', () => {
    expect(documentProblem(file('note.pdf', 'application/pdf'))).toBeUndefined();
    expect(documentProblem(file('NOTE.PDF', ''))).toBeUndefined();
    expect(documentProblem(file('note.pdf', 'application/pdf', OFFER_DOCUMENT_MAX_BYTES + 1))).toBe(
      'deal.document_too_big',
    );
    expect(documentProblem(file('note.docx', 'application/msword'))).toBe('deal.document_not_pdf');
  });
});
