/** Keys are relative paths of plain segments: `avatars/ab12/cd34.webp`. Anything else is refused. */
const SAFE_KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
export function isSafeStorageKey(key: string): boolean {
  return (
    key.length <= 300 && SAFE_KEY.test(key) && !key.split('/').some((segment) => segment === '..' || segment === '.')
  );
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};
/** Stored files are written by our own upload code, so the extension it chose is the type. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}
