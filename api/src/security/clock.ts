/** Where the API reads the time: injectable so tests control OTP expiry, resend windows and token lifetimes. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that starts at `start` and runs on in real time from the moment it is made (CLOCK_START). */
export function startingClock(start: string, system: Clock = systemClock): Clock {
  const offsetMs = new Date(start).getTime() - system.now().getTime();
  return { now: () => new Date(system.now().getTime() + offsetMs) };
}

/** A clock tests move by hand. */
export interface ManualClock extends Clock {
  set(instant: Date | string): void;
  advance(ms: number): void;
}

export function manualClock(start: Date | string = '2026-11-20T03:00:00.000Z'): ManualClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (instant) => {
      current = new Date(instant).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
