import { mainInfoUserSchema } from '~/features/accounts/schemas';
import { localizePath } from '~/i18n/paths';
import { parseInput } from '~/server/api/validate';
import { getDb } from '~/server/db';
import { AppError } from '~/server/errors';
import { updateMainInfo } from '~/server/services/accounts/profile';
import type { SessionUser } from '~/server/services/accounts/users';
import {
  type FormPageRequest,
  type FormState,
  type PageOutcome,
  blankForm,
  handleFormPost,
  readForm,
} from './form-post';

/**
 * The switches of the notification settings, in the order the page shows them; the last one is who may reach the
 * member: signed-in members may call or WhatsApp them from their lots' pages (docs/lots.md "Share and call").
 */
export const NOTIFICATION_FLAGS = [
  'deal_notification',
  'sms_notification',
  'message_notification',
  'news_notification',
  'favorite_application_notification',
  'contact_by_phone',
] as const;
export type NotificationFlag = (typeof NOTIFICATION_FLAGS)[number];

/** Where the notification settings post without JavaScript: the profile page itself. */
const PROFILE_PATH = '/user/profile/user';

/** The notification settings form of the profile page, as first shown. */
export function notificationSettingsForm(request: FormPageRequest): FormState {
  return blankForm(request, localizePath(PROFILE_PATH, request.locale));
}

/**
 * The notification settings posted as a plain form (the profile page without JavaScript; the island saves each
 * change through `POST /user/update-main-info` instead): every switch (`User[flag]=1` when ticked, absent when not)
 * and the news categories followed (`User[news_categories][]`, see mainInfoUserSchema), saved at once. A saved form
 * redirects (303) to the page with `?notifications=saved`; a refused one shows the page again with why.
 */
export async function postNotificationSettings(
  request: FormPageRequest,
  user: SessionUser,
): Promise<PageOutcome<FormState>> {
  const action = localizePath(PROFILE_PATH, request.locale);
  let categories: string[] = [];
  return handleFormPost(request, {
    action,
    shownFields: [],
    read: async (posting) => {
      const copy = posting.clone();
      const fields = await readForm(posting);
      // readForm keeps the first value of each name; the category boxes need them all.
      const all = await copy.formData().catch((cause) => {
        throw new AppError('bad_request', 'errors.malformed_body', { cause });
      });
      categories = all.getAll('User[news_categories][]').filter((v): v is string => typeof v === 'string');
      return fields;
    },
    run: async (fields) => {
      const flags = Object.fromEntries(NOTIFICATION_FLAGS.map((flag) => [flag, fields[`User[${flag}]`] ?? '0']));
      const input = parseInput(mainInfoUserSchema, { ...flags, news_categories: categories }, { status: 400 });
      await updateMainInfo(await getDb(), user.id, { user: input });
      return `${action}?notifications=saved#notifications`;
    },
    keep: () => ({}),
    view: (state) => state,
  });
}
