/**
 * A path to return to after signing in must be a relative path of plain characters (spec §5): no scheme,
 * no host, no `//` or `\` tricks, no control characters. Anything else is ignored (undefined).
 */
const SAFE_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~/?=&%+,]*$/;

export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || value.length > 512) return undefined;
  if (!SAFE_PATH.test(value)) return undefined;
  try {
    // Percent-encoded slashes or backslashes could be decoded into a protocol-relative URL later.
    if (/^\/[/\\]/.test(decodeURIComponent(value))) return undefined;
  } catch {
    return undefined;
  }
  return value;
}
