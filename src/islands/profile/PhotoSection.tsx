import { useRef, useState } from 'react';
import { AVATAR_MAX_BYTES } from '~/features/accounts/constants';
import { showSnack } from '~/stores/snackbar';
import { apiPost } from '~/stores/api';
import { FieldError, FieldHint, FieldLabel, FormAlert, fieldAria } from '~/islands/lib/fields';
import { type FormProblem, failureText } from '~/islands/lib/form-problem';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';

interface Props {
  messages: Messages;
  avatar: string | null;
  initials: string;
}

const MAX_MB = Math.round(AVATAR_MAX_BYTES / 1024 / 1024);

/**
 * The profile photo: uploaded as soon as it is chosen. The size is checked here first, so nobody on a slow
 * network waits for 10 MB to travel only to be refused; the type is checked by the server from the bytes.
 */
export default function PhotoSection({ messages, avatar: initialAvatar, initials }: Props) {
  const t = createClientTranslator(messages);
  const [avatar, setAvatar] = useState(initialAvatar);
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<FormProblem>();
  const [uploading, setUploading] = useState(false);
  const lastFile = useRef<File | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function upload(file: File) {
    lastFile.current = file;
    setError(undefined);
    setFailure(undefined);
    if (file.size > AVATAR_MAX_BYTES) {
      setError(t('uploads.too_large', { mb: MAX_MB }));
      input.current?.focus();
      return;
    }
    setUploading(true);
    const result = await apiPost<{ avatar: string; avatar_small: string }>('/user/upload-avatar', { photo: file });
    setUploading(false);
    if (result.ok) {
      setAvatar(result.data.avatar);
      if (input.current) input.current.value = '';
      showSnack('success', t('profile.photo_updated'));
      return;
    }
    const fieldMessage = result.error.errors?.photo?.[0];
    if (fieldMessage) {
      setError(fieldMessage);
      input.current?.focus();
    } else setFailure({ message: failureText(result, t), canRetry: true }); // the same photo may go through on a second try
  }

  return (
    <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
      {avatar ? (
        <img
          src={avatar}
          alt={t('profile.photo_current')}
          width={96}
          height={96}
          className="h-24 w-24 shrink-0 rounded-full border border-base-300 object-cover"
        />
      ) : (
        <div className="avatar avatar-placeholder shrink-0">
          <div className="h-24 w-24 rounded-full bg-primary text-primary-content">
            <span className="text-3xl font-bold" aria-hidden="true">
              {initials}
            </span>
            <span className="sr-only">{t('profile.photo_none')}</span>
          </div>
        </div>
      )}
      <div className="flex w-full flex-col gap-1 sm:w-auto">
        <FieldLabel id="photo-input" label={avatar ? t('profile.photo_change') : t('profile.photo_add')} compact />
        <input
          ref={input}
          id="photo-input"
          name="photo"
          type="file"
          accept="image/*"
          className={`file-input w-full max-w-sm ${error ? 'file-input-error' : ''}`}
          disabled={uploading}
          {...fieldAria('photo-input', { hint: true, error })}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <FieldHint id="photo-input" hint={t('profile.photo_hint', { mb: MAX_MB })} compact />
        {uploading && (
          <p className="flex items-center gap-2 text-sm" role="status">
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            {t('profile.photo_uploading')}
          </p>
        )}
        <FieldError id="photo-input" message={error} />
        <FormAlert
          inline
          problem={failure}
          retryLabel={t('auth.form_retry')}
          onRetry={() => lastFile.current && void upload(lastFile.current)}
        />
      </div>
    </div>
  );
}
