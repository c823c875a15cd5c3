/** The first scheme of an X-Forwarded-Proto header (the proxy nearest the browser), lower-case; undefined when none. */
export function forwardedProto(header: string | string[] | undefined): string | undefined {
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase();
  return first || undefined;
}
