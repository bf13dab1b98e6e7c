import { CONTACT_TOPICS, type ContactTopic, contactSchema } from '~/features/contact/schema';
import { localizePath } from '~/i18n/paths';
import type { MessageKey } from '~/i18n/t';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import { captchaClientConfig, verifyCaptcha } from '~/server/security/captcha';
import { sendContactMessage } from '~/server/services/contact/send-contact-message';
import { topicLabel } from '~/server/services/contact/topic-label';
import { findUserById } from '~/server/services/accounts/users';
import {
  type FormPageRequest,
  type FormState,
  type PageOutcome,
  PRIVATE_PAGE,
  blankForm,
  handleFormPost,
} from './form-post';

/**
 * /contact-us (docs/contact.md "Page"): a plain HTML form that posts to itself and works without JavaScript. A POST
 * runs the same schema, bot check, rate limits and service as `POST /api-v2/contact/send`, then redirects to
 * `?sent=1` (a reload sends nothing again); a refused post shows the form again with what was typed and the
 * problems beside their fields. A signed-in member finds their name and e-mail (or phone) filled in.
 */

const CONTACT_FIELDS = ['name', 'email', 'phone', 'topic', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export interface ContactView {
  form: FormState<ContactField>;
  /** The message was taken (after the redirect): the page says 'contact sent' instead of the form. */
  sent: boolean;
  topics: { value: ContactTopic; label: MessageKey }[];
  captcha: ReturnType<typeof captchaClientConfig>;
}

const TOPICS = CONTACT_TOPICS.map((value) => ({ value, label: topicLabel(value) }));

async function prefill(request: FormPageRequest): Promise<FormState<ContactField>['values']> {
  if (!request.user) return { topic: 'general' };
  const user = await findUserById(await getDb(), request.user.id);
  return {
    topic: 'general',
    name: user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : request.user.firstName,
    ...(request.user.email ? { email: request.user.email } : {}),
    ...(request.user.phone ? { phone: request.user.phone } : {}),
  };
}

export async function loadContactPage(request: FormPageRequest): Promise<PageOutcome<ContactView>> {
  const { locale, url } = request;
  const action = localizePath('/contact-us', locale);
  const captcha = captchaClientConfig();
  const view = (form: FormState<ContactField>, sent = false): ContactView => ({ form, sent, topics: TOPICS, captcha });
  if (request.request.method !== 'POST') {
    const sent = url.searchParams.get('sent') === '1';
    return { view: view(blankForm(request, action, await prefill(request)), sent), status: 200, headers: PRIVATE_PAGE };
  }

  return handleFormPost<ContactField, ContactView>(request, {
    action,
    shownFields: CONTACT_FIELDS,
    run: async (fields) => {
      const input = parseInput(contactSchema, fields, { status: 400 });
      await verifyCaptcha(input.captcha_token, request.ip);
      await sendContactMessage(await getDb(), input, { ip: request.ip, locale, userId: request.user?.id });
      return `${action}?sent=1`;
    },
    keep: (fields) =>
      Object.fromEntries(CONTACT_FIELDS.flatMap((name) => (fields[name] !== undefined ? [[name, fields[name]]] : []))),
    view: (form) => view(form),
  });
}
