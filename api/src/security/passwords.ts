import argon2 from 'argon2';
import { availableParallelism } from 'node:os';

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

/**
 * Hashes running at once: each holds its 19 MiB until it ends, and libuv's pool would run four. More than one per
 * core only queues in the pool; the rest wait here, holding nothing (docs/decisions/0071-bounded-password-hashing.md).
 */
export const PASSWORD_HASHES_AT_ONCE = Math.max(1, Math.min(2, availableParallelism()));

let running = 0;
const waiting: Array<() => void> = [];

/** Runs `work` when fewer than PASSWORD_HASHES_AT_ONCE hashes are running, first come first served. */
async function whenHashingFree<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PASSWORD_HASHES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** The hashes running and waiting now (the memory they may hold: running × 19 MiB). */
export function passwordHashingLoad(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

export async function hashPassword(password: string): Promise<string> {
  return whenHashingFree(() => argon2.hash(password, ARGON2_PARAMETERS));
}

/** True when `password` matches `hash`; false for a wrong password or a hash that is not argon2 at all. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await whenHashingFree(() => argon2.verify(hash, password));
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
