/**
 * Release health (issue 68): a sampled share of pages reports, per versioned remote build, one view and the errors
 * of that remote (load failures, render crashes, uncaught errors from its scripts) to the API, which stops a
 * canary that throws more than the live build. Nothing personal is sent: remote, build id, views and errors.
 */
import { buildsOf } from './buildOf';
import { ReleaseReporter, type ReleaseReport } from './reporter';

export { buildIdOf } from './buildOf';
export { BATCH_MS, MAX_ERRORS_PER_REMOTE, REPORTS_URL, type ReleaseReport } from './reporter';

/** The share of pages sampled when the page does not say (window.__evReportRate, written by the site server). */
export const DEFAULT_REPORT_RATE = 0.1;

export interface ReleaseHealthOptions {
  /** the run-time manifest (remote → mf-manifest.json URL) or its promise (the shell's startRemotes()) */
  manifest: unknown;
  /** a number in [0, 1), Math.random by default */
  random?: () => number;
  send?: (reports: ReleaseReport[]) => void;
}

let reporter: ReleaseReporter | null = null;
let started = false;
let removeListeners: (() => void) | null = null;

function reportRate(): number {
  const rate = (window as unknown as { __evReportRate?: unknown }).__evReportRate;
  return typeof rate === 'number' && rate >= 0 && rate <= 1 ? rate : DEFAULT_REPORT_RATE;
}

function listen(target: ReleaseReporter): () => void {
  const onError = (event: ErrorEvent) => target.uncaught(event.filename, event.error);
  const onRejection = (event: PromiseRejectionEvent) => target.uncaught(null, event.reason);
  const onPageHide = () => target.flush(true);
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') target.flush(true);
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('pagehide', onPageHide);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('pagehide', onPageHide);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** Decides once per page whether it is sampled; a sampled page listens for its remotes' errors and reports them. */
export function startReleaseHealth(options: ReleaseHealthOptions): void {
  if (started) return;
  started = true;
  try {
    if (!((options.random ?? Math.random)() < reportRate())) return;
    const current = new ReleaseReporter(options.send);
    reporter = current;
    removeListeners = listen(current);
    const manifest = Promise.resolve(options.manifest);
    manifest.then(
      (raw) => current.useBuilds(buildsOf(raw, window.location.href)),
      () => current.useBuilds([]),
    );
  } catch {
    // the page works the same without its report
  }
}

/** Ends the page's reporting (tests start each page afresh). */
export function stopReleaseHealth(): void {
  reporter?.stop();
  removeListeners?.();
  reporter = null;
  removeListeners = null;
  started = false;
}

/** A remote's routes module loaded and one of its pages rendered. */
export function reportRemoteView(remote: string): void {
  try {
    reporter?.view(remote);
  } catch {
    // never breaks the page
  }
}

/** A remote's page crashed while rendering (caught by its error boundary). */
export function reportRemoteError(remote: string): void {
  try {
    reporter?.error(remote);
  } catch {
    // never breaks the page
  }
}

/** A remote could not be loaded (manifest, entry or module): its view, and an error. */
export function reportRemoteLoadFailure(remote: string): void {
  reportRemoteView(remote);
  reportRemoteError(remote);
}
