/** The login page that comes back to `pathWithQuery` (/auth/login?redirect=/products/pin-48v). */
export function loginLinkFor(pathWithQuery: string): string {
  return `/auth/login?redirect=${encodeURIComponent(pathWithQuery).replace(/%2F/g, '/')}`;
}
