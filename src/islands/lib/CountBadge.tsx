import type { IconName } from '~/features/site/icon-paths';
import Icon from '~/islands/lib/Icon';
import type { Messages } from '~/islands/lib/i18n';
import { LOCALE_META } from '~/i18n/config';
import { createClientTranslator, messagesLocale } from '~/islands/lib/i18n';

/**
 * `icon`: a header button (from the small-tablet width up). `count`: the number inside a menu line (drawer,
 * account menu). `dot`: the number on the account button of a phone's header, where there is no room for the
 * button.
 */
export type CountBadgeVariant = 'icon' | 'count' | 'dot';

export interface CountBadgeProps {
  count: number;
  href: string;
  variant: CountBadgeVariant;
  /** The messages of `keys` (pickMessages), which carry the page's language. */
  messages: Messages;
  /** The message keys: the thing counted's name, and its count in words (a plural message). */
  keys: { name: string; count: string };
  icon: IconName;
  /** data-testid of the pill and of the header button. */
  testIds: { pill: string; button: string };
  /** Which corner of the account button the dot takes (two badges share it). */
  dotSide: 'left' | 'right';
}

/** More than this reads "99+": the badge stays one small pill. */
const MAX_SHOWN = 99;

/**
 * A count the header shows (offers waiting, unread messages) in one of three places. Rendered on the server with
 * the page's count, so it is right without JavaScript; the islands that use it follow a polled store.
 */
export default function CountBadge(props: CountBadgeProps) {
  const { count, href, variant, keys, icon, testIds } = props;
  const t = createClientTranslator(props.messages);
  const numbers = new Intl.NumberFormat(LOCALE_META[messagesLocale(props.messages)].intl);
  const shown = count > MAX_SHOWN ? `${numbers.format(MAX_SHOWN)}+` : numbers.format(count);
  // The pill is cut at 99+, the words say the whole count.
  const said = t(keys.count, { count });
  const name = t(keys.name);
  const pill = (className: string) => (
    <span
      className={`badge badge-sm badge-error min-w-5 px-1 font-semibold ${className}`}
      aria-hidden="true"
      data-testid={testIds.pill}
    >
      {shown}
    </span>
  );

  if (variant === 'icon') {
    return (
      <a
        href={href}
        className="btn btn-square btn-ghost relative hidden sm:inline-flex"
        aria-label={count > 0 ? `${name} (${said})` : name}
        title={count > 0 ? said : name}
        data-testid={testIds.button}
      >
        <Icon name={icon} className="h-6 w-6" />
        {count > 0 && pill('absolute -right-0.5 -top-0.5')}
      </a>
    );
  }
  if (count === 0) return null;
  if (variant === 'dot') {
    // Inside the account button's summary, which already names the menu: the count is said, the pill is seen.
    return (
      <>
        {pill(`absolute -bottom-2 ${props.dotSide === 'left' ? '-left-2.5' : '-right-2.5'} sm:hidden`)}
        <span className="sr-only sm:hidden">({said})</span>
      </>
    );
  }
  return (
    <>
      {pill('')}
      <span className="sr-only">({said})</span>
    </>
  );
}
