/** The metrics module's front door: what other modules, the app and the seed may use. Nothing else of it is imported from outside. */
export { createApiMetrics } from './apiMetrics';
export { registerMetrics } from './metricsRoutes';
export { parseMetricsPort, startMetricsServer } from './metricsServer';
export { recordJobRun } from './processMetrics';
