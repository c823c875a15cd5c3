import { remoteOfScript, scriptUrlInStack, type RemoteBuild } from './buildOf';

export const REPORTS_URL = '/api/releases/reports';
/** What happens within this time goes out in one request. */
export const BATCH_MS = 2_000;
/** At most this many errors of one remote are counted per page. */
export const MAX_ERRORS_PER_REMOTE = 20;
/** The API takes at most this many reports in one request. */
const MAX_REPORTS_PER_REQUEST = 3;

export interface ReleaseReport {
  remote: string;
  buildId: string;
  views: 0 | 1;
  errors: number;
}

interface Counts {
  viewed: boolean;
  viewPending: boolean;
  errorsCounted: number;
  errorsPending: number;
}

/** Sends one request of reports: a beacon (survives the page's unload), else a keepalive fetch; once, never throws. */
export function sendReports(reports: ReleaseReport[]): void {
  const body = JSON.stringify({ reports });
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      if (navigator.sendBeacon(REPORTS_URL, new Blob([body], { type: 'application/json' }))) return;
    }
    void fetch(REPORTS_URL, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body,
    }).catch(() => undefined);
  } catch {
    // a report that cannot be sent is dropped
  }
}

/**
 * The counts of one sampled page: per remote a view once and its errors (capped), sent in batches. Only remotes with
 * a versioned build are sent; until the manifest is known events are kept by remote name.
 */
export class ReleaseReporter {
  private builds: RemoteBuild[] | null = null;
  private readonly counts = new Map<string, Counts>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly send: (reports: ReleaseReport[]) => void = sendReports) {}

  useBuilds(builds: RemoteBuild[]): void {
    this.builds = builds;
    this.schedule();
  }

  view(remote: string): void {
    const counts = this.countsOf(remote);
    if (counts.viewed) return;
    counts.viewed = true;
    counts.viewPending = true;
    this.schedule();
  }

  error(remote: string): void {
    const counts = this.countsOf(remote);
    if (counts.errorsCounted >= MAX_ERRORS_PER_REMOTE) return;
    counts.errorsCounted += 1;
    counts.errorsPending += 1;
    this.schedule();
  }

  /** An uncaught error or rejection, counted for the remote whose build its script lies in. */
  uncaught(scriptUrl: string | null, error: unknown): void {
    const url = scriptUrl || scriptUrlInStack(error);
    if (!url || !this.builds) return;
    const remote = remoteOfScript(url, this.builds);
    if (remote) this.error(remote);
  }

  /**
   * Sends what is pending. A remote's errors wait for its view (so the view goes with the errors seen so far) unless
   * `all` (the page is being hidden, which may be its last moment).
   */
  flush(all = false): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (!this.builds) return;
    const reports: ReleaseReport[] = [];
    for (const [remote, counts] of this.counts) {
      if (!(counts.viewPending || counts.errorsPending > 0) || (!counts.viewed && !all)) continue;
      const build = this.builds.find((candidate) => candidate.remote === remote);
      if (build) reports.push({ remote, buildId: build.buildId, views: counts.viewPending ? 1 : 0, errors: counts.errorsPending });
      counts.viewPending = false;
      counts.errorsPending = 0;
    }
    for (let start = 0; start < reports.length; start += MAX_REPORTS_PER_REQUEST) {
      this.send(reports.slice(start, start + MAX_REPORTS_PER_REQUEST));
    }
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.timer !== null || !this.builds) return;
    const waiting = [...this.counts.values()].some((counts) => counts.viewPending || (counts.viewed && counts.errorsPending > 0));
    if (waiting) this.timer = setTimeout(() => this.flush(), BATCH_MS);
  }

  private countsOf(remote: string): Counts {
    let counts = this.counts.get(remote);
    if (!counts) {
      counts = { viewed: false, viewPending: false, errorsCounted: 0, errorsPending: 0 };
      this.counts.set(remote, counts);
    }
    return counts;
  }
}
