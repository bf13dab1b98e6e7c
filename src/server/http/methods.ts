/** Methods that never write (RFC 9110 "safe"): what the render cache stores and what leaves the session cache as it is. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isSafeMethod = (method: string | undefined): boolean => SAFE_METHODS.has(method ?? 'GET');
