import type { Locale } from '~/i18n/config';
import { createTranslator, type MessageKey } from '~/i18n/t';
import type { MailMessage } from '.';
import { VERIFICATION_APPROVED_MAIL, VERIFICATION_TYPE_LABEL } from '~/features/companies/verification-labels';
import type { VerificationType } from '~/features/companies/constants';
const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One simple, readable message in the recipient's language: a greeting, paragraphs and at most one button. */
function compose(
  locale: Locale,
  to: string,
  subjectKey: MessageKey,
  parts: {
    name: string;
    paragraphs: string[];
    /** Linked items after the paragraphs (the articles of a news e-mail). */
    links?: { title: string; text: string; url: string }[];
    action?: { label: string; url: string };
    /** A last small paragraph (where to turn such e-mails off). */
    footer?: string;
    vars?: Record<string, string>;
  },
): MailMessage {
  const t = createTranslator(locale);
  const greeting = t('mail.greeting', { name: parts.name });
  const signature = t('mail.signature');
  const text = [
    greeting,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    ...(parts.links ?? []).flatMap((l) => [`* ${l.title}`, ...(l.text ? [`  ${l.text}`] : []), `  ${l.url}`, '']),
    ...(parts.action ? [t('mail.labelled', { label: parts.action.label, value: parts.action.url }), ''] : []),
    signature,
    ...(parts.footer ? ['', parts.footer] : []),
  ].join('\n');
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#17200f;max-width:560px;margin:auto;padding:16px">
<p>${escapeHtml(greeting)}</p>
${parts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${parts.links?.length ? `<ul style="padding-left:18px">${parts.links.map((l) => `<li style="margin-bottom:12px"><a href="${escapeHtml(l.url)}" style="color:#1d5e2f;font-weight:600">${escapeHtml(l.title)}</a>${l.text ? `<br>${escapeHtml(l.text)}` : ''}</li>`).join('')}</ul>` : ''}
${parts.action ? `<p><a href="${escapeHtml(parts.action.url)}" style="display:inline-block;background:#1d5e2f;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(parts.action.label)}</a></p><p style="font-size:13px;color:#555">${escapeHtml(parts.action.url)}</p>` : ''}
<p>${escapeHtml(signature)}</p>${parts.footer ? `<p style="font-size:13px;color:#555">${escapeHtml(parts.footer)}</p>` : ''}</body></html>`;
  return { to, subject: t(subjectKey, parts.vars), text, html };
}

export function emailConfirmationMail(locale: Locale, to: string, name: string, url: string): MailMessage {
  const t = createTranslator(locale);
  return compose(locale, to, 'mail.confirm_subject', {
    name,
    paragraphs: [t('mail.confirm_text')],
    action: { label: t('mail.confirm_action'), url },
  });
}

export function passwordResetMail(locale: Locale, to: string, name: string, url: string): MailMessage {
  const t = createTranslator(locale);
  return compose(locale, to, 'mail.reset_subject', {
    name,
    paragraphs: [t('mail.reset_text'), t('mail.reset_ignore')],
    action: { label: t('mail.reset_action'), url },
  });
}

export function tierRequestReceivedMail(locale: Locale, to: string, name: string): MailMessage {
  const t = createTranslator(locale);
  return compose(locale, to, 'mail.tier_request_subject', { name, paragraphs: [t('mail.tier_request_text')] });
}

export function tierDecisionMail(
  locale: Locale,
  to: string,
  name: string,
  approved: boolean,
  tierLabel: string,
  url: string,
  reason: string | null = null,
): MailMessage {
  const t = createTranslator(locale);
  const why = reason ? [t('mail.tier_reason', { reason })] : [];
  return approved
    ? compose(locale, to, 'mail.tier_approved_subject', {
        name,
        paragraphs: [t('mail.tier_approved_text', { tier: tierLabel }), ...why],
        action: { label: t('mail.tier_approved_action'), url },
      })
    : compose(locale, to, 'mail.tier_declined_subject', {
        name,
        paragraphs: [t('mail.tier_declined_text', { tier: tierLabel }), ...why],
      });
}

export function emailChangedMail(locale: Locale, to: string, name: string, newAddress: string): MailMessage {
  const t = createTranslator(locale);
  return compose(locale, to, 'mail.email_changed_subject', {
    name,
    paragraphs: [t('mail.email_changed_text', { email: newAddress }), t('mail.email_changed_not_you')],
  });
}

/** A step of a deal, told to the party who acts next: what happened, by whom, the link, the history's fingerprint. */
export function dealStepMail(
  locale: Locale,
  to: string,
  name: string,
  deal: { id: number; lot: string; step: string; actor: string; hash: string; url: string },
): MailMessage {
  const t = createTranslator(locale);
  const message = compose(locale, to, 'mail.deal_subject', {
    name,
    paragraphs: [
      t('mail.deal_text', { id: deal.id, lot: deal.lot, step: deal.step }),
      t('mail.deal_by', { actor: deal.actor }),
      t('mail.deal_fingerprint', { hash: deal.hash }),
    ],
    action: { label: t('mail.deal_action'), url: deal.url },
  });
  return { ...message, subject: t('mail.deal_subject', { id: deal.id, step: deal.step }) };
}

/**
 * Unread chat messages in one room (docs/chat.md "Notices"): who wrote about which lot, the latest message when it
 * has text, the link to the room, and where to turn these e-mails off.
 */
export function chatUnreadMail(
  locale: Locale,
  to: string,
  name: string,
  room: { lot: string; sender: string; text: string | null; url: string },
): MailMessage {
  const t = createTranslator(locale);
  const message = compose(locale, to, 'mail.chat_unread_subject', {
    name,
    paragraphs: [
      t('mail.chat_unread_text', { sender: room.sender, lot: room.lot }),
      ...(room.text ? [t('mail.chat_unread_last', { text: room.text })] : []),
      t('mail.chat_unread_settings'),
    ],
    action: { label: t('mail.chat_unread_action'), url: room.url },
  });
  return { ...message, subject: t('mail.chat_unread_subject', { lot: room.lot }) };
}

/** A payout's outcome (docs/wallet.md "Payouts"): paid, failed (money back) or declined by an administrator. */
export function payoutOutcomeMail(
  locale: Locale,
  to: string,
  name: string,
  outcome: 'succeeded' | 'failed' | 'declined',
  amount: string,
  destination: string,
  url: string,
): MailMessage {
  const t = createTranslator(locale);
  const subject = {
    succeeded: 'mail.payout_paid_subject',
    failed: 'mail.payout_failed_subject',
    declined: 'mail.payout_declined_subject',
  } as const;
  const text = {
    succeeded: 'mail.payout_paid_text',
    failed: 'mail.payout_failed_text',
    declined: 'mail.payout_declined_text',
  } as const;
  return compose(locale, to, subject[outcome], {
    name,
    paragraphs: [t(text[outcome], { amount, destination })],
    action: { label: t('mail.payout_action'), url },
  });
}

/** The steps of a company's team that someone is told of (docs/companies.md "Teams"), and what each says. */
const COMPANY_TEAM_TEXT = {
  join_requested: 'mail.company_join_requested',
  join_approved: 'mail.company_join_approved',
  join_declined: 'mail.company_join_declined',
  invited: 'mail.company_invited',
  invite_accepted: 'mail.company_invite_accepted',
  invite_declined: 'mail.company_invite_declined',
  permission_changed: 'mail.company_permission_changed',
  removed: 'mail.company_removed',
  left: 'mail.company_left',
} as const satisfies Record<string, MessageKey>;
export type CompanyTeamEvent = keyof typeof COMPANY_TEAM_TEXT;

/** A step of a company's team, told to the member it concerns: what happened, in which company, by whom. */
export function companyTeamMail(
  locale: Locale,
  to: string,
  name: string,
  event: CompanyTeamEvent,
  step: { company: string; actor: string; url: string },
): MailMessage {
  const t = createTranslator(locale);
  const message = compose(locale, to, 'mail.company_subject', {
    name,
    paragraphs: [t(COMPANY_TEAM_TEXT[event], { company: step.company, actor: step.actor })],
    action: { label: t('mail.company_action'), url: step.url },
  });
  return { ...message, subject: t('mail.company_subject', { company: step.company }) };
}

/** A member's verification request was decided (docs/companies.md "Verification"): what, approved or declined, why. */
export function verificationDecisionMail(
  locale: Locale,
  to: string,
  name: string,
  decision: { approved: boolean; type: VerificationType; note: string | null; url: string },
): MailMessage {
  const t = createTranslator(locale);
  const type = t(VERIFICATION_TYPE_LABEL[decision.type]);
  const paragraphs = [
    decision.approved ? t(VERIFICATION_APPROVED_MAIL[decision.type]) : t('mail.verification_declined', { type }),
  ];
  if (decision.note) paragraphs.push(t('mail.verification_note', { note: decision.note }));
  const message = compose(locale, to, 'mail.verification_subject', {
    name,
    paragraphs,
    action: { label: t('mail.verification_action'), url: decision.url },
  });
  return { ...message, subject: t('mail.verification_subject', { type }) };
}

/**
 * The sender's acknowledgement of a contact message (docs/contact.md): received, its topic and number — never the
 * text, so the form cannot be used to have Mavuno mail someone else's words to any address.
 */
export function contactReceivedMail(
  locale: Locale,
  to: string,
  name: string,
  message: { topic: MessageKey; id: number },
): MailMessage {
  const t = createTranslator(locale);
  return compose(locale, to, 'mail.contact_received_subject', {
    name,
    paragraphs: [
      t('mail.contact_received_text'),
      t('mail.labelled', { label: t('contact.field_topic'), value: t(message.topic) }),
      t('mail.contact_received_reference', { id: String(message.id) }),
    ],
  });
}

/**
 * A contact message for the support inbox (SUPPORT_EMAIL), in English: who wrote, how to reach them, the topic and
 * the message. Replies go to the sender's e-mail when they gave one.
 */
export function contactForSupportMail(
  to: string,
  message: {
    id: number;
    name: string;
    email?: string;
    phone?: string;
    topic: MessageKey;
    text: string;
    locale: Locale;
    userId?: number;
  },
): MailMessage {
  const t = createTranslator('en');
  const facts = [
    t('mail.labelled', { label: t('contact.field_name'), value: message.name }),
    ...(message.email ? [t('mail.labelled', { label: t('contact.field_email'), value: message.email })] : []),
    ...(message.phone ? [t('mail.labelled', { label: t('contact.field_phone'), value: message.phone })] : []),
    t('mail.labelled', { label: t('contact.field_topic'), value: t(message.topic) }),
    t('mail.contact_support_meta', {
      id: String(message.id),
      locale: message.locale,
      member: message.userId ? `#${message.userId}` : '—',
    }),
  ];
  return {
    ...compose('en', to, 'mail.contact_support_subject', {
      name: t('mail.contact_support_team'),
      paragraphs: [...facts, message.text],
      vars: { topic: t(message.topic), name: message.name },
    }),
    ...(message.email ? { replyTo: message.email } : {}),
  };
}

/** A member's loan application, to the provider's contact (docs/financing.md "Applying"), with the signed link. */
export function loanApplicationMail(
  locale: Locale,
  to: string,
  name: string,
  application: { product: string; applicant: string; amount: string; url: string },
): MailMessage {
  const t = createTranslator(locale);
  const message = compose(locale, to, 'mail.loan_application_subject', {
    name,
    paragraphs: [
      t('mail.loan_application_text', {
        applicant: application.applicant,
        product: application.product,
        amount: application.amount,
      }),
      t('mail.loan_application_link'),
    ],
    action: { label: t('mail.loan_application_action'), url: application.url },
  });
  return { ...message, subject: t('mail.loan_application_subject', { product: application.product }) };
}

/** The member hears that their application's status changed, with the provider's note if any. */
export function loanStatusMail(
  locale: Locale,
  to: string,
  name: string,
  change: { product: string; status: string; note: string | null; url: string },
): MailMessage {
  const t = createTranslator(locale);
  const paragraphs = [t('mail.loan_status_text', { product: change.product, status: change.status })];
  if (change.note) paragraphs.push(t('mail.loan_status_note', { note: change.note }));
  const message = compose(locale, to, 'mail.loan_status_subject', {
    name,
    paragraphs,
    action: { label: t('mail.loan_status_action'), url: change.url },
  });
  return { ...message, subject: t('mail.loan_status_subject', { status: change.status }) };
}

/**
 * The day's news e-mail (docs/articles.md "News e-mails"): the articles published since the last one, each with
 * its title, summary and link in the language the member reads it in, and where to change or stop these e-mails.
 */
export function newsDigestMail(
  locale: Locale,
  to: string,
  name: string,
  news: {
    articles: { title: string; summary: string; url: string }[];
    more: number;
    listUrl: string;
    settingsUrl: string;
  },
): MailMessage {
  const t = createTranslator(locale);
  const count = news.articles.length + news.more;
  const message = compose(locale, to, 'mail.news_subject', {
    name,
    paragraphs: [t(count === 1 ? 'mail.news_text_one' : 'mail.news_text_many', { count })],
    links: news.articles.map((a) => ({ title: a.title, text: a.summary, url: a.url })),
    action: { label: t('mail.news_action'), url: news.listUrl },
    footer: t('mail.news_settings', { url: news.settingsUrl }),
  });
  const subject =
    news.articles.length === 1 && news.more === 0
      ? t('mail.news_subject_one', { title: news.articles[0].title })
      : t('mail.news_subject', { count });
  return { ...message, subject };
}

/**
 * A price alert that fired (docs/statistics.md "Price alerts"): the crop's price (or its week's move, or a new
 * lot's price) against the member's threshold, a link to the crop's prices (or to the lot), and a one-click
 * unsubscribe link, also given as List-Unsubscribe headers (RFC 8058).
 */
export function priceAlertMail(
  locale: Locale,
  to: string,
  name: string,
  alert: {
    /** The sentence saying what happened, already in the member's language. */
    text: string;
    crop: string;
    url: string;
    actionKey: MessageKey;
    unsubscribeUrl: string;
  },
): MailMessage {
  const t = createTranslator(locale);
  const message = compose(locale, to, 'mail.price_alert_subject', {
    name,
    paragraphs: [alert.text],
    action: { label: t(alert.actionKey), url: alert.url },
    footer: t('mail.price_alert_unsubscribe', { url: alert.unsubscribeUrl }),
    vars: { crop: alert.crop },
  });
  return {
    ...message,
    headers: {
      'List-Unsubscribe': `<${alert.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** Moderation hid a lot, or decided its owner's appeal (docs/backoffice.md "Moderation"): what, why, the lot's link. */
export function lotModerationMail(
  locale: Locale,
  to: string,
  name: string,
  step: { event: 'hidden' | 'restored' | 'upheld'; lot: string; note: string | null; url: string },
): MailMessage {
  const t = createTranslator(locale);
  const text = {
    hidden: 'mail.lot_hidden_text',
    restored: 'mail.lot_restored_text',
    upheld: 'mail.lot_upheld_text',
  } as const;
  const paragraphs = [t(text[step.event], { lot: step.lot })];
  if (step.note) paragraphs.push(t('mail.lot_moderation_note', { note: step.note }));
  if (step.event === 'hidden') paragraphs.push(t('mail.lot_hidden_appeal'));
  const message = compose(locale, to, 'mail.lot_moderation_subject', {
    name,
    paragraphs,
    action: { label: t('mail.lot_moderation_action'), url: step.url },
    vars: { lot: step.lot },
  });
  return message;
}

/**
 * Support's answer to a contact message (docs/backoffice.md "Support"), in the language the person wrote from: the
 * answer, then the message's number and topic. Replies go to SUPPORT_EMAIL when it is set.
 */
export function contactAnswerMail(
  locale: Locale,
  to: string,
  name: string,
  message: { topic: MessageKey; id: number; answer: string; replyTo?: string },
): MailMessage {
  const t = createTranslator(locale);
  const mail = compose(locale, to, 'mail.contact_answer_subject', {
    name,
    vars: { id: String(message.id) },
    paragraphs: [
      ...message.answer.split(/\n{2,}/),
      t('mail.labelled', { label: t('contact.field_topic'), value: t(message.topic) }),
      t('mail.contact_received_reference', { id: String(message.id) }),
    ],
  });
  return message.replyTo ? { ...mail, replyTo: message.replyTo } : mail;
}
