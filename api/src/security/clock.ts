/** Where the API reads the time: injectable so tests control OTP expiry, resend windows and token lifetimes. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

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
