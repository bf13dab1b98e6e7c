import Icon from '~/islands/lib/Icon';
import type { ClientTranslate } from '~/islands/lib/i18n';

/**
 * Told before the account is made: every account starts basic, and selling crops, seeds or fertilizer needs the
 * silver tier, asked for at /user/pro (the wizard's twin of src/components/plain-form/SilverNotice.astro).
 */
export default function SilverNotice({ t, tiersHref }: { t: ClientTranslate; tiersHref: string }) {
  return (
    <section
      className="rounded-box border border-info/40 bg-base-200 p-4"
      aria-labelledby="wizard-silver-title"
      data-testid="silver-notice"
    >
      <h3 id="wizard-silver-title" className="flex items-center gap-2 font-semibold">
        <Icon name="alert" className="h-5 w-5 shrink-0" />
        {t('signup.silver_title')}
      </h3>
      <p className="mt-1 text-sm">{t('signup.silver_text')}</p>
      <a href={tiersHref} className="link link-primary mt-1 inline-flex min-h-11 items-center text-sm font-semibold">
        {t('signup.silver_link')}
      </a>
    </section>
  );
}
