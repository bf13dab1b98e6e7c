/**
 * A path to return to after signing in must be a relative path of plain characters: no scheme,
 * no host, no `//` or `\` tricks, no control characters. Anything else is ignored (undefined).
 */
const SAFE_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~/?=&%+,[\]]*$/;

export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || value.length > 512) return undefined;
  if (!SAFE_PATH.test(value)) return undefined;
  try {
    // `//` or a backslash anywhere (also percent-encoded) could become a protocol-relative URL once a locale
    // prefix is stripped or the path is decoded: such paths are never ours.
    const decoded = decodeURIComponent(value);
    if (/\/\/|\\/.test(value.split('?')[0]) || /\/\/|\\/.test(decoded.split('?')[0])) return undefined;
  } catch {
    return undefined;
  }
  return value;
}
