const { availableParallelism } = require('node:os');

/**
 * Jest's workers for every package: Jest's default (one less than the cores) runs a 2-core machine in band; two
 * workers there finish the suites sooner (figures in docs/performance.md, "npm test's time"). A worker whose
 * heap outgrows the limit after a file is replaced: a long-lived one slows down in its own garbage collection.
 */
module.exports = {
  maxWorkers: Math.max(2, availableParallelism() - 1),
  workerIdleMemoryLimit: '1GB',
};
