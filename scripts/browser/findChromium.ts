import { existsSync } from 'node:fs';

function firstExisting(candidates: (string | undefined)[]): string | null {
  return candidates.find((candidate): candidate is string => Boolean(candidate) && existsSync(candidate!)) ?? null;
}

/** The system Chromium (never a downloaded one): CHROMIUM_PATH, else Debian's. The benches measure with it. */
export function findChromium(): string | null {
  return firstExisting([process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']);
}

/**
 * The browser suite's Chromium: E2E_CHROMIUM_PATH, else Debian's headless shell (`chromium-headless-shell`, the same
 * engine without the browser's window layers: about a third less CPU a spec), else findChromium().
 */
export function findSuiteChromium(): string | null {
  return firstExisting([process.env.E2E_CHROMIUM_PATH, '/usr/bin/chromium-headless-shell']) ?? findChromium();
}

/** Flags for a headless Chromium on a machine with a closed network, running as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
