import { useRef, useState } from 'react';
import { DOCUMENT_MAX_BYTES } from '~/features/accounts/constants';
import type { Locale } from '~/i18n/config';
import { formatDate, formatNumber } from '~/i18n/format';
import { showSnack } from '~/stores/snackbar';
import { apiGet, apiPost } from '~/stores/api';
import { Field, FormAlert, SelectField, SubmitButton } from '~/islands/lib/fields';
import { type FormProblem, problemOf } from '~/islands/lib/form-problem';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';
import ConfirmDialog from '~/islands/lib/ConfirmDialog';
import { useConfirmedDelete } from './use-confirmed-delete';

export interface UserDocument {
  id: number;
  type: string;
  name: string;
  size: number;
  created_at: string;
  url: string;
}

interface Props {
  messages: Messages;
  locale: Locale;
  documents: UserDocument[];
  types: { id: number; name: string }[];
}

const MAX_MB = Math.round(DOCUMENT_MAX_BYTES / 1024 / 1024);

function fileSize(bytes: number, locale: Locale): string {
  return bytes >= 1024 * 1024
    ? formatNumber(bytes / 1024 / 1024, locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 })
    : formatNumber(Math.max(1, Math.round(bytes / 1024)), locale, { style: 'unit', unit: 'kilobyte' });
}

/** The user's documents (private: each link downloads through the API, for the owner only), upload and delete. */
export default function DocumentsSection({ messages, locale, documents: initialDocuments, types }: Props) {
  const t = createClientTranslator(messages);
  const [documents, setDocuments] = useState(initialDocuments);
  const [typeId, setTypeId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ type?: string; file?: string }>({});
  const [failure, setFailure] = useState<FormProblem>();
  const [uploading, setUploading] = useState(false);
  const typeRef = useRef<HTMLSelectElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  async function upload() {
    const found: typeof errors = {};
    if (!typeId) found.type = t('validation.required');
    if (!file) found.file = t('validation.required');
    else if (file.size > DOCUMENT_MAX_BYTES) found.file = t('uploads.too_large', { mb: MAX_MB });
    setErrors(found);
    setFailure(undefined);
    if (found.type) return typeRef.current?.focus();
    if (found.file || !file) return fileRef.current?.focus();

    setUploading(true);
    const result = await apiPost<{ id: number; url: string }>('/user-document/upload', {
      document_type_id: typeId,
      file,
    });
    if (!result.ok) {
      setUploading(false);
      const fields = { type: result.error.errors?.document_type_id?.[0], file: result.error.errors?.file?.[0] };
      if (fields.type || fields.file) {
        setErrors(fields);
        (fields.type ? typeRef : fileRef).current?.focus();
      } else setFailure(problemOf(result, t));
      return;
    }
    // The upload answers only id and url; the list (with type name, size, date) comes from the index.
    const list = await apiGet<{ items: UserDocument[] }>('/user-document/index');
    setUploading(false);
    if (list.ok) setDocuments(list.data.items);
    setFile(null);
    setTypeId('');
    if (fileRef.current) fileRef.current.value = '';
    showSnack('success', t('profile.document_uploaded'));
  }

  const removal = useConfirmedDelete<UserDocument>({
    path: '/user-document/delete',
    t,
    deletedText: t('profile.document_deleted'),
    onDeleted: (deleted) => setDocuments((current) => current.filter((doc) => doc.id !== deleted.id)),
  });

  return (
    <div className="flex flex-col gap-6">
      {documents.length === 0 ? (
        <p className="opacity-75">{t('profile.document_empty')}</p>
      ) : (
        <ul className="divide-y divide-base-300 rounded-box border border-base-300">
          {documents.map((doc) => (
            <li key={doc.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-4">
              <div className="min-w-0 flex-1">
                <p className="font-medium">{doc.type}</p>
                <a
                  href={doc.url}
                  download
                  className="link link-primary break-all"
                  aria-label={t('profile.document_download', { name: doc.name })}
                >
                  {doc.name}
                </a>
                <p className="text-sm opacity-75">
                  <time dateTime={doc.created_at}>{formatDate(doc.created_at, locale)}</time> ·{' '}
                  {fileSize(doc.size, locale)}
                </p>
              </div>
              <button
                type="button"
                className="btn btn-outline btn-error btn-sm min-h-11 self-start sm:self-center"
                onClick={() => removal.ask(doc)}
                aria-label={t('profile.document_delete_named', { name: doc.name })}
              >
                {t('profile.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}

      <form
        noValidate
        className="flex flex-col gap-4 rounded-box bg-base-200 p-4"
        onSubmit={(event) => {
          event.preventDefault();
          void upload();
        }}
      >
        <h3 className="font-semibold">{t('profile.document_add')}</h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            compact
            required
            id="document-type"
            label={t('profile.document_type')}
            error={errors.type}
            ref={typeRef}
            value={typeId}
            onChange={(event) => {
              setTypeId(event.target.value);
              setErrors((current) => ({ ...current, type: undefined }));
            }}
          >
            <option value="">{t('profile.document_type_choose')}</option>
            {types.map((type) => (
              <option key={type.id} value={String(type.id)}>
                {type.name}
              </option>
            ))}
          </SelectField>
          <Field
            compact
            required
            id="document-file"
            label={t('profile.document_file')}
            error={errors.file}
            hint={t('profile.document_hint', { mb: MAX_MB })}
          >
            {(control) => (
              <input
                {...control}
                ref={fileRef}
                type="file"
                accept="application/pdf,image/*"
                className={`file-input w-full ${errors.file ? 'file-input-error' : ''}`}
                onChange={(event) => {
                  setFile(event.target.files?.[0] ?? null);
                  setErrors((current) => ({ ...current, file: undefined }));
                }}
              />
            )}
          </Field>
        </div>
        <FormAlert inline problem={failure} onRetry={() => void upload()} retryLabel={t('auth.form_retry')} />
        <SubmitButton busy={uploading} className="self-start">
          {uploading ? t('profile.document_uploading') : t('profile.document_upload')}
        </SubmitButton>
      </form>

      <ConfirmDialog
        {...removal.dialog}
        title={t('profile.document_delete_title')}
        text={t('profile.document_delete_text', { name: removal.deleting?.name ?? '' })}
      />
    </div>
  );
}
