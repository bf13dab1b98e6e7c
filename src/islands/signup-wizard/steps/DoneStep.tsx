import type { ClientTranslate } from '~/islands/lib/i18n';

/** After the account is made (and signed in): what happens next, and the way on to the answer's `redirect`. */
export default function DoneStep({
  redirect,
  email,
  phoneConfirmed,
  tiersHref,
  t,
}: {
  redirect: string;
  email: string;
  phoneConfirmed: boolean;
  tiersHref: string;
  t: ClientTranslate;
}) {
  return (
    <>
      <div className="alert alert-success flex flex-col items-start gap-2" role="status">
        <p>{t('signup.done_text')}</p>
        {email && <p>{t('signup.done_email', { email })}</p>}
        {phoneConfirmed && <p>{t('signup.done_phone')}</p>}
      </div>
      <a href={redirect} className="btn btn-primary btn-lg w-full sm:w-auto sm:self-start">
        {t('signup.continue')}
      </a>
      <a href={tiersHref} className="link link-primary inline-flex min-h-11 items-center sm:self-start">
        {t('signup.silver_link')}
      </a>
    </>
  );
}
