/**
 * Wall-clock times of an editor's time zone (the desk's schedule field, `<input type="datetime-local">`) to and
 * from instants, with Intl only (docs/articles.md "Desk").
 */
const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

function parts(instant: number, timeZone: string): number[] {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const get = (type: string) => Number(format.formatToParts(instant).find((p) => p.type === type)?.value);
  return [get('year'), get('month'), get('day'), get('hour'), get('minute'), get('second')];
}

/** How far `timeZone` is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const [y, mo, d, h, mi, s] = parts(instant, timeZone);
  return Date.UTC(y, mo - 1, d, h, mi, s) - Math.floor(instant / 1000) * 1000;
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** `2026-12-01T08:30` in `Africa/Nairobi` → the instant (05:30 UTC); undefined for a malformed time or zone. */
export function zonedLocalToUtc(local: string, timeZone: string): Date | undefined {
  const match = LOCAL_PATTERN.exec(local.trim());
  if (!match || !isTimeZone(timeZone)) return undefined;
  const [y, mo, d, h, mi, s] = match.slice(1).map((v) => Number(v ?? 0));
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  if (Number.isNaN(wall)) return undefined;
  let instant = wall - offsetAt(wall, timeZone);
  // Once more at the found instant, for a zone whose offset changes between the guess and the answer (DST).
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** The instant as the wall-clock value of a datetime-local input in `timeZone` (`2026-12-01T08:30`). */
export function utcToZonedLocal(instant: Date, timeZone: string): string {
  const [y, mo, d, h, mi] = parts(instant.getTime(), isTimeZone(timeZone) ? timeZone : 'UTC');
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}`;
}
