import type { Context } from 'hono';
import qs from 'qs';
import { AppError } from '../errors';

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
      const form = await c.req.formData();
      const fields = new URLSearchParams();
      const files: [string, File][] = [];
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') fields.append(name, value);
        else files.push([name, value]);
      }
      const nested = qs.parse(fields.toString(), QS_OPTIONS) as Record<string, unknown>;
      for (const [name, file] of files) placeFile(nested, name, file);
      return nested;
    }
  } catch (cause) {
    throw new AppError('bad_request', 'errors.malformed_body', { cause });
  }
  throw new AppError('unsupported_media_type', 'errors.unsupported_media_type');
}

/** Puts a file at its bracketed path (`Offer[photo]`, `photos[]`) in the nested object. */
function placeFile(target: Record<string, unknown>, name: string, file: File) {
  const parts = name.replace(/\]/g, '').split('[');
  let node = target;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i];
    const next = parts[i + 1];
    if (typeof node[part] !== 'object' || node[part] === null) node[part] = next === '' ? [] : {};
    node = node[part] as Record<string, unknown>;
  }
  const last = parts[parts.length - 1];
  if (Array.isArray(node)) node.push(file);
  else if (last === '') (node as unknown as File[]).push(file);
  else node[last] = file;
}
