import type { z } from 'zod';
import type { MessageKey, MessageVars } from '~/i18n/t';

/**
 * Turns a zod issue into a dictionary key and its values. Shared schemas write dictionary keys as their
 * custom messages (`message: 'validation.two_decimals'`), so the island and the API show the same text.
 */
export function issueToMessage(
  issue: z.core.$ZodIssue,
  isKnownKey: (key: string) => boolean,
): { key: MessageKey; vars?: MessageVars } {
  if (issue.message && isKnownKey(issue.message)) {
    // A custom issue may carry its message's values (`params: { vars }`), e.g. the two readings of "1,500".
    const vars = issue.code === 'custom' ? (issue.params as { vars?: MessageVars } | undefined)?.vars : undefined;
    return vars ? { key: issue.message as MessageKey, vars } : { key: issue.message as MessageKey };
  }
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === ''
        ? { key: 'validation.required' }
        : { key: issue.expected === 'number' || issue.expected === 'int' ? 'validation.number' : 'validation.invalid' };
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? { key: 'validation.required' }
          : { key: 'validation.too_short', vars: { count: Number(issue.minimum) } };
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return { key: 'validation.too_few', vars: { min: Number(issue.minimum) } };
      return { key: 'validation.too_small', vars: { min: Number(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string') return { key: 'validation.too_long', vars: { count: Number(issue.maximum) } };
      if (issue.origin === 'array' || issue.origin === 'set')
        return { key: 'validation.too_many', vars: { max: Number(issue.maximum) } };
      return { key: 'validation.too_big', vars: { max: Number(issue.maximum) } };
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'validation.email' };
      if (issue.format === 'url') return { key: 'validation.url' };
      return { key: 'validation.invalid' };
    case 'invalid_value':
      return { key: 'validation.invalid_option' };
    case 'unrecognized_keys':
      return { key: 'validation.unknown_field' };
    default:
      return { key: 'validation.invalid' };
  }
}

/** The field name a form uses for an issue's path: `items.0.price` for nested values, `_form` for the whole object. */
export function issueField(issue: z.core.$ZodIssue): string {
  return issue.path.length > 0 ? issue.path.map(String).join('.') : '_form';
}
