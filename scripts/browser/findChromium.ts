import { existsSync } from 'node:fs';

/** The system Chromium (never a downloaded one): CHROMIUM_PATH, else Debian's. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((candidate): candidate is string => Boolean(candidate) && existsSync(candidate!)) ?? null;
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
