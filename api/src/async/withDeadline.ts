/** What withDeadline rejects with when the work did not settle in time. */
export class DeadlineExceededError extends Error {
  constructor(timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
    this.name = 'DeadlineExceededError';
  }
}

/**
 * `work`'s result, or a DeadlineExceededError after `timeoutMs`: a request or a probe never waits longer on a
 * dependency that hangs. The timer never keeps the process alive, and a late failure is swallowed.
 */
export async function withDeadline<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  work.catch(() => undefined);
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceededError(timeoutMs)), timeoutMs);
    timer.unref();
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
