import type { Context } from 'hono';
import qs from 'qs';
import { AppError } from '~/server/errors';

/** Limits that keep a hostile body from costing more than it is worth to read. */
const QS_OPTIONS: qs.IParseOptions = { depth: 5, arrayLimit: 200, parameterLimit: 2000, allowDots: false };

/**
 * Reads a request body into one nested object, whatever the client sent:
 * form-encoded with Yii-style names (`BoardList[price]=5`, `ids[]=1&ids[]=2`), multipart (files kept as File),
 * or JSON. A body that does not parse is a 400, not a 500.
 */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return {};
  try {
    if (type === 'application/json') {
      const text = await c.req.text();
      if (!text.trim()) return {};
      const parsed: unknown = JSON.parse(text);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      return parsed as Record<string, unknown>;
    }
    if (type === 'application/x-www-form-urlencoded' || type === '') {
      return qs.parse(await c.req.text(), QS_OPTIONS) as Record<string, unknown>;
    }
    if (type === 'multipart/form-data') {
      // Files travel through qs as placeholders, so they get its nesting rules and its prototype protection.
      const form = await c.req.formData();
      const fields = new URLSearchParams();
      const files: File[] = [];
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') fields.append(name, value);
        else fields.append(name, `${FILE_MARK}${files.push(value) - 1}`);
      }
      return restoreFiles(qs.parse(fields.toString(), QS_OPTIONS), files) as Record<string, unknown>;
    }
  } catch (cause) {
    throw new AppError('bad_request', 'errors.malformed_body', { cause });
  }
  throw new AppError('unsupported_media_type', 'errors.unsupported_media_type');
}

const FILE_MARK = '\u0000file:';

function restoreFiles(value: unknown, files: File[]): unknown {
  if (typeof value === 'string')
    return value.startsWith(FILE_MARK) ? files[Number(value.slice(FILE_MARK.length))] : value;
  if (Array.isArray(value)) return value.map((item) => restoreFiles(item, files));
  if (value && typeof value === 'object') {
    for (const key of Object.keys(value))
      (value as Record<string, unknown>)[key] = restoreFiles((value as Record<string, unknown>)[key], files);
  }
  return value;
}

/** A plain HTML form's fields (`translations[en][title]`, `related[0][kind]`) nested as the API reads them. */
export function nestFormFields(fields: Record<string, string>): Record<string, unknown> {
  return qs.parse(new URLSearchParams(fields).toString(), QS_OPTIONS) as Record<string, unknown>;
}
