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
 * A memory ceiling may hold it to one (limitPasswordHashingMemory).
 */
export const PASSWORD_HASHES_AT_ONCE = Math.max(1, Math.min(2, availableParallelism()));

/** What one hash holds while it runs (MB): its memoryCost. */
export const PASSWORD_HASH_MEMORY_MB = ARGON2_PARAMETERS.memoryCost / 1024;

let running = 0;
const waiting: Array<() => void> = [];
/** Whether a hash may start beside those running: by default while fewer than PASSWORD_HASHES_AT_ONCE run. */
let roomForAnother: () => boolean = () => true;

/**
 * Past the first, a hash starts only while the process's RSS leaves its PASSWORD_HASH_MEMORY_MB below `ceilingMb`
 * (the API passes its memory saver's threshold): a burst of logins on a process already near its memory budget hashes
 * one at a time instead of two (docs/decisions/0077-password-hashing-within-the-memory-budget.md). 0 lifts the ceiling.
 */
export function limitPasswordHashingMemory(ceilingMb: number, readRssMb: () => number = () => process.memoryUsage.rss() / 1_048_576): void {
  roomForAnother = ceilingMb > 0 ? () => readRssMb() + PASSWORD_HASH_MEMORY_MB <= ceilingMb : () => true;
}

/** Whether one more hash may start now: always when none runs, else up to PASSWORD_HASHES_AT_ONCE, memory allowing. */
const mayStartAnother = () => running === 0 || (running < PASSWORD_HASHES_AT_ONCE && roomForAnother());

/** Runs `work` when it may start, first come first served. */
async function whenHashingFree<T>(work: () => Promise<T>): Promise<T> {
  if (waiting.length === 0 && mayStartAnother()) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    running -= 1;
    while (waiting.length > 0 && mayStartAnother()) {
      running += 1;
      waiting.shift()!();
    }
  }
}

/** The memory the hashes running now hold (MB), each freed when its hash ends. */
export function passwordHashingMemoryMb(): number {
  return running * PASSWORD_HASH_MEMORY_MB;
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
