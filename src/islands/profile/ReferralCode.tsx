import { useRef, useState } from 'react';
import { FieldHint, FieldLabel, describedBy } from '~/islands/lib/fields';
import { type Messages, createClientTranslator } from '~/islands/lib/i18n';

interface Props {
  messages: Messages;
  code: string;
}

/** The referral code with a copy button; where the clipboard is not available the code is selected instead. */
export default function ReferralCode({ messages, code }: Props) {
  const t = createClientTranslator(messages);
  const [feedback, setFeedback] = useState<'copied' | 'selected' | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setFeedback('copied');
    } catch {
      // No clipboard (an old browser, or a page not served over https): select the code for a manual copy.
      input.current?.focus();
      input.current?.select();
      setFeedback('selected');
    }
    window.setTimeout(() => setFeedback(null), 4000);
  }

  return (
    <div className="flex flex-col gap-2">
      <FieldLabel id="referral-code" label={t('profile.referral_label')} compact />
      <div className="join w-full max-w-sm">
        <input
          ref={input}
          id="referral-code"
          className="input join-item w-full font-mono text-lg tracking-widest"
          value={code}
          readOnly
          aria-describedby={describedBy('referral-code', { hint: true })}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="btn btn-primary join-item min-h-10" onClick={() => void copy()}>
          {feedback === 'copied' ? t('profile.referral_copied') : t('profile.referral_copy')}
        </button>
      </div>
      <FieldHint id="referral-code" hint={t('profile.referral_hint')} compact />
      <p role="status" className="min-h-5 text-sm font-medium text-success">
        {feedback === 'copied' && t('profile.referral_copied')}
        {feedback === 'selected' && t('profile.referral_selected')}
      </p>
    </div>
  );
}
