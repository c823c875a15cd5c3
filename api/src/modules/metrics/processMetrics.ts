import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What belongs to the process rather than to one app instance: Node's default metrics (event-loop lag, heap, GC,
 * CPU, handles), the scheduled jobs' runs and the calls to outside providers. One registry of our own per process (never prom-client's global
 * default), made on first use; each app's scrape shows it next to the app's own registry (apiMetrics.ts).
 */
interface ProcessMetrics {
  registry: Registry;
  jobRuns: Counter<'job' | 'outcome'>;
  jobDuration: Histogram<'job' | 'outcome'>;
  outboundCalls: Counter<'provider' | 'outcome'>;
  outboundDuration: Histogram<'provider'>;
  outboundBreakerOpen: Gauge<'provider'>;
}

let processMetrics: ProcessMetrics | undefined;

export function processMetricsRegistry(): Registry {
  return processWide().registry;
}

function processWide(): ProcessMetrics {
  if (processMetrics) return processMetrics;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const jobRuns = new Counter({
    name: 'evshop_job_runs_total',
    help: 'Runs of the scheduled jobs, by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'evshop_job_duration_seconds',
    help: 'How long the scheduled jobs ran, by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
    registers: [registry],
  });
  const outboundCalls = new Counter({
    name: 'evshop_outbound_calls_total',
    help: 'Calls to outside providers (payOS, Zalo, eSMS, Google, push services, SMTP, S3), by provider and outcome (ok, http_4xx, http_5xx, timeout, network, redirect, breaker_open)',
    labelNames: ['provider', 'outcome'] as const,
    registers: [registry],
  });
  const outboundDuration = new Histogram({
    name: 'evshop_outbound_duration_seconds',
    help: 'How long one try of a call to an outside provider took',
    labelNames: ['provider'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const outboundBreakerOpen = new Gauge({
    name: 'evshop_outbound_breaker_open',
    help: "1 while a provider's circuit breaker is open (calls to it fail at once), else 0",
    labelNames: ['provider'] as const,
    registers: [registry],
  });
  processMetrics = { registry, jobRuns, jobDuration, outboundCalls, outboundDuration, outboundBreakerOpen };
  return processMetrics;
}

export interface JobRun {
  /** The job's name as the scheduler knows it (a fixed set: the label stays bounded). */
  name: string;
  /** How the run ended, e.g. 'success', 'failure', 'skipped' (another instance holds the run). */
  outcome: string;
  durationMs: number;
}

/** Counts one run of a scheduled job and its duration (the scheduler's onRun callback). */
export function recordJobRun({ name, outcome, durationMs }: JobRun): void {
  const { jobRuns, jobDuration } = processWide();
  jobRuns.inc({ job: name, outcome });
  jobDuration.observe({ job: name, outcome }, Math.max(0, durationMs) / 1000);
}

/** Counts one try of a call to an outside provider, its outcome and duration (api/src/outbound). */
export function recordOutboundCall({ provider, outcome, durationMs }: { provider: string; outcome: string; durationMs: number }): void {
  const { outboundCalls, outboundDuration } = processWide();
  outboundCalls.inc({ provider, outcome });
  if (outcome !== 'breaker_open') outboundDuration.observe({ provider }, Math.max(0, durationMs) / 1000);
}

/** Whether the provider's breaker is open now. */
export function recordOutboundBreaker(provider: string, open: boolean): void {
  processWide().outboundBreakerOpen.set({ provider }, open ? 1 : 0);
}
