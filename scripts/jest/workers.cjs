const { availableParallelism } = require('node:os');

/** Set by a run of several packages as projects (jest.unit.config.cjs): the workers are that run's options. */
const PROJECTS_RUN_ENV = 'EV_JEST_PROJECTS_RUN';

/**
 * Jest's workers for every package: Jest's default (one less than the cores) runs a 2-core machine in band; two
 * workers there finish the suites sooner (figures in docs/performance.md, "npm test's time"). A worker whose
 * heap outgrows the limit after a file is replaced: a long-lived one slows down in its own garbage collection.
 */
const runOptions = {
  maxWorkers: Math.max(2, availableParallelism() - 1),
  workerIdleMemoryLimit: '1GB',
};

module.exports = {
  PROJECTS_RUN_ENV,
  runOptions,
  /** A package's own run takes the workers; as a project of a larger run it takes none (Jest would warn). */
  packageRunOptions: () => (process.env[PROJECTS_RUN_ENV] ? {} : runOptions),
};
