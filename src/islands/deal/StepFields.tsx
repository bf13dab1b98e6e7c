import { useId } from 'react';
import { OFFER_COMMENT_MAX } from '~/features/deals/constants';
import { Field } from '~/islands/lib/fields';
import type { ClientTranslate } from '~/islands/lib/i18n';
import { DOCUMENT_ACCEPT, PHOTO_ACCEPT } from './attachments';

export interface StepValues {
  comment: string;
  photo: File | null;
  document: File | null;
}
export type StepErrors = Partial<Record<keyof StepValues, string>>;

interface Props {
  t: ClientTranslate;
  /** What one might attach, in the deal's words (goods loaded, or the machine handed over): DealVocabulary. */
  photoHint: string;
  documentHint: string;
  values: StepValues;
  errors: StepErrors;
  disabled: boolean;
  onComment: (comment: string) => void;
  /** A chosen file, or null when the choice was cleared. */
  onFile: (field: 'photo' | 'document', file: File | null) => void;
}

/** What a party may add to a deal step, all optional: a comment, a photo, a PDF document. */
export default function StepFields({ t, photoHint, documentHint, values, errors, disabled, onComment, onFile }: Props) {
  const id = useId();
  const optional = t('deal.optional');
  return (
    <div className="flex flex-col gap-3">
      <Field id={`${id}-comment`} label={t('deal.field_comment')} optional={optional} error={errors.comment} compact>
        {(control) => (
          <textarea
            {...control}
            className={`textarea w-full text-base ${errors.comment ? 'textarea-error' : ''}`}
            rows={3}
            maxLength={OFFER_COMMENT_MAX}
            value={values.comment}
            disabled={disabled}
            onChange={(event) => onComment(event.target.value)}
          />
        )}
      </Field>
      <Field
        id={`${id}-photo`}
        label={t('deal.field_photo')}
        optional={optional}
        hint={photoHint}
        error={errors.photo}
        compact
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept={PHOTO_ACCEPT}
            className={`file-input w-full ${errors.photo ? 'file-input-error' : ''}`}
            disabled={disabled}
            onChange={(event) => onFile('photo', event.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      <Field
        id={`${id}-document`}
        label={t('deal.field_document')}
        optional={optional}
        hint={documentHint}
        error={errors.document}
        compact
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept={DOCUMENT_ACCEPT}
            className={`file-input w-full ${errors.document ? 'file-input-error' : ''}`}
            disabled={disabled}
            onChange={(event) => onFile('document', event.target.files?.[0] ?? null)}
          />
        )}
      </Field>
    </div>
  );
}
