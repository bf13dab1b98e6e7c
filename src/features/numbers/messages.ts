import type { Locale } from '~/i18n/config';
import { formatNumber } from '~/i18n/format';
import type { MessageKey, MessageVars } from '~/i18n/t';
import type { NumberProblem } from './parse';
import { localNumberText } from './text';

/**
 * The message of a refused number, with examples written in the reader's language: an ambiguous "1,500" in French
 * names both of its readings ("1 500" and "1,5") so the person can write the one they mean.
 */
export function numberProblemMessage(
  problem: Exclude<NumberProblem, { reason: 'empty' }>,
  locale: Locale,
): { key: MessageKey; vars?: MessageVars } {
  switch (problem.reason) {
    case 'not_a_number':
      return {
        key: 'validation.number_digits',
        vars: { example: formatNumber(1250.5, locale, { minimumFractionDigits: 2 }) },
      };
    case 'negative':
      return { key: 'validation.number_negative' };
    case 'grouping':
      return { key: 'validation.number_grouping', vars: { example: localNumberText(1_100_000, locale) } };
    case 'ambiguous':
      return {
        key: 'validation.number_ambiguous',
        vars: {
          grouped: localNumberText(problem.grouped, locale),
          decimal: formatNumber(problem.decimal, locale, { maximumFractionDigits: 3 }),
        },
      };
    case 'decimals':
      if (problem.max === 0) return { key: 'validation.whole_number' };
      if (problem.max === 2) return { key: 'validation.two_decimals' };
      return { key: 'validation.max_decimals', vars: { max: problem.max } };
    case 'too_big':
      return { key: 'validation.number_too_big' };
  }
}
