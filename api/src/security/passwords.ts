import argon2 from 'argon2';

/**
 * argon2id at OWASP's minimum cost (Password Storage Cheat Sheet): 19 MiB of memory, 2 iterations, 1 lane.
 * Its budget is a login median under 150 ms (scripts/bench/auth.ts; figures in docs/performance.md).
 */
export const ARGON2_PARAMETERS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_PARAMETERS);
}

/** True when `password` matches `hash`; false for a wrong password or a hash that is not argon2 at all. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the time of a real verification when there is no account (or no password) to check, so the
 * response time does not tell whether an email is registered.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('no-account-placeholder-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
