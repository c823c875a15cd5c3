/** Longest `redirect` path followed; anything longer falls back to '/'. */
export const REDIRECT_PATH_MAX_LENGTH = 500;

/**
 * The one rule for a `redirect` after sign-in, on the client (login page) and on the server (Google flow):
 * a same-site absolute path is followed ('/dashboard?x=1'); anything else falls back to '/': not a string,
 * not starting with '/', protocol-relative ('//', '/\'), a backslash or a control character anywhere (browsers
 * drop tab and line breaks from URLs, so '/\t/host' would become '//host'), longer than 500 characters.
 */
export function safeRedirectTarget(value: unknown): string {
  if (typeof value !== 'string' || value.length > REDIRECT_PATH_MAX_LENGTH) return '/';
  if (!value.startsWith('/') || value.startsWith('//')) return '/';
  // eslint-disable-next-line no-control-regex -- the control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  return value;
}
