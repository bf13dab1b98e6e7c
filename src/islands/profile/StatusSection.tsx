import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { showSnack } from '~/stores/snackbar';
import { apiPost } from '~/stores/api';
import { failureText } from '~/islands/lib/form-problem';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';
import { $contact, type ContactStatus } from './contact-store';
import PhoneConfirm from './PhoneConfirm';

interface Props {
  messages: Messages;
  initial: ContactStatus;
}

function StateBadge({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return <span className={`badge ${ok ? 'badge-success' : 'badge-warning'} whitespace-nowrap`}>{ok ? yes : no}</span>;
}

/** Whether the e-mail and the phone are confirmed, with the way to confirm each. */
export default function StatusSection({ messages, initial }: Props) {
  const t = createClientTranslator(messages);
  const contact = useStore($contact) ?? initial;
  const [sending, setSending] = useState(false);

  // The first section to mount seeds the shared contact facts with the server's; later ones find them set.
  useEffect(() => {
    if (!$contact.get()) $contact.set(initial);
  }, [initial]);

  async function resendEmail() {
    setSending(true);
    const result = await apiPost('/user/resend-email-confirmation');
    setSending(false);
    if (result.ok) showSnack('success', t('profile.status_email_link_sent', { email: contact.email ?? '' }));
    else showSnack('error', failureText(result, t));
  }

  return (
    <dl className="divide-y divide-base-300">
      <div className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:gap-4">
        <dt className="w-32 shrink-0 font-semibold">{t('auth.field_email')}</dt>
        <dd className="flex min-w-0 flex-1 flex-col gap-2">
          {contact.email ? (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <span className="break-all">{contact.email}</span>
                <StateBadge
                  ok={contact.emailVerified}
                  yes={t('profile.status_confirmed')}
                  no={t('profile.status_not_confirmed')}
                />
              </div>
              {!contact.emailVerified && (
                <button
                  type="button"
                  className="btn btn-outline btn-sm min-h-11 self-start"
                  onClick={resendEmail}
                  disabled={sending}
                  aria-busy={sending}
                >
                  {sending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                  {t('profile.status_email_resend')}
                </button>
              )}
            </>
          ) : (
            <span className="opacity-75">{t('profile.status_no_email')}</span>
          )}
        </dd>
      </div>
      <div className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:gap-4">
        <dt className="w-32 shrink-0 font-semibold">{t('auth.field_phone')}</dt>
        <dd className="flex min-w-0 flex-1 flex-col gap-2">
          {contact.phone ? (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <span className="tabular-nums">{contact.phone}</span>
                <StateBadge
                  ok={contact.phoneVerified}
                  yes={t('profile.status_confirmed')}
                  no={t('profile.status_not_confirmed')}
                />
              </div>
              {!contact.phoneVerified && <PhoneConfirm key={contact.phone} phone={contact.phone} t={t} />}
            </>
          ) : (
            <span className="opacity-75">{t('profile.status_no_phone')}</span>
          )}
        </dd>
      </div>
    </dl>
  );
}
