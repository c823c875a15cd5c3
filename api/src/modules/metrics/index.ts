/**
 * The metrics module's front door — Prometheus metrics: requests, latency, the outbox backlog, the pool, job runs.
 * Nothing else of the module is imported from outside.
 */
export { createApiMetrics } from './apiMetrics';
export { registerMetrics } from './metricsRoutes';
export { parseMetricsPort, startMetricsServer } from './metricsServer';
export { recordJobRun } from './processMetrics';
