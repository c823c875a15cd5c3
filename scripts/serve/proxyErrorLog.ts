/**
 * The site server's log of its /api proxy failures: one line per failure, with the error's code (ECONNREFUSED,
 * FST_REPLY_FROM_GATEWAY_TIMEOUT...), the API it tried and the request (path only: a query may carry codes). While
 * the API restarts every request fails the same way: a code already logged within `quietMs` (5 s) is only counted,
 * and the next line for it says how many were left out. Normal requests log nothing.
 */
export interface ProxyErrorLogOptions {
  /** the API's origin the proxy sends to */
  target: string;
  /** where a line goes (default: stderr) */
  write?: (line: string) => void;
  quietMs?: number;
  now?: () => number;
}

/** The innermost error code (reply-from wraps the socket's error as its cause), else the error's name. */
export function proxyErrorCode(error: unknown): string {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes.at(-1) ?? (error instanceof Error ? error.name : 'UNKNOWN');
}

export function createProxyErrorLog(options: ProxyErrorLogOptions): (error: unknown, request: { method: string; url: string }) => void {
  const write = options.write ?? ((line: string) => console.error(line));
  const quietMs = options.quietMs ?? 5_000;
  const now = options.now ?? Date.now;
  const last = new Map<string, { at: number; leftOut: number }>();
  return (error, request) => {
    const code = proxyErrorCode(error);
    const seen = last.get(code);
    const at = now();
    if (seen && at - seen.at < quietMs) {
      seen.leftOut += 1;
      return;
    }
    const leftOut = seen?.leftOut ? ` (+${seen.leftOut} more since the last line)` : '';
    last.set(code, { at, leftOut: 0 });
    write(`site: /api proxy → ${options.target} failed: ${code} on ${request.method} ${request.url.split('?')[0]}${leftOut}`);
  };
}
