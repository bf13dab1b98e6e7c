import { ICON_PATHS, type IconName } from '~/features/site/icon-paths';

interface Props {
  name: IconName;
  className?: string;
  /** Filled with the text colour (a chosen favourite's heart) instead of outlined. */
  filled?: boolean;
}

/** An island's decorative icon, drawn as src/components/Icon.astro draws it on server-rendered pages. */
export default function Icon({ name, className = 'h-5 w-5', filled = false }: Props) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}
