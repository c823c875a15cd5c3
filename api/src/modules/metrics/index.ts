/**
 * The metrics module's front door — Prometheus metrics: requests, latency, the outbox backlog, the pool, job runs, outbound calls.
 * Nothing else of the module is imported from outside.
 */
export { createApiMetrics } from './apiMetrics';
export { registerMetrics } from './metricsRoutes';
export { parseMetricsPort, startMetricsServer } from './metricsServer';
export { recordJobRun, recordOutboundBreaker, recordOutboundCall } from './processMetrics';
