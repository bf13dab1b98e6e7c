/**
 * French spacing in text we did not write ourselves (the news and help pages editors write in Markdown): an ordinary
 * space before ":" becomes a no-break space (U+00A0), before ";", "!" and "?" a narrow no-break space (U+202F), and
 * the spaces inside « » narrow no-break ones — the rules `npm run i18n:check` holds the dictionaries to
 * (scripts/i18n-rules.mjs). A mark counts as punctuation when it ends the text or a space, a closing quote or bracket
 * follows it, so "https://", "10:30" and "?id=" are left alone; a mark typed with no space before it is left too.
 */
export function frenchSpacing(text: string): string {
  return text
    .replace(/[ \u00a0\u202f]+(:)(?=$|[\s»"”’)\]])/g, '\u00a0$1')
    .replace(/[ \u00a0\u202f]+([;!?])(?=$|[\s»"”’)\]])/g, '\u202f$1')
    .replace(/«[ \u00a0]+/g, '«\u202f')
    .replace(/[ \u00a0]+»/g, '\u202f»');
}

/** A text of ours or an editor's in its language's spacing: French gets frenchSpacing, other languages are as typed. */
export function spacedFor(locale: string | undefined, text: string): string {
  return locale === 'fr' ? frenchSpacing(text) : text;
}
