const { existsSync } = require('node:fs');
const path = require('node:path');
const { PROJECTS_RUN_ENV, runOptions } = require('./scripts/jest/workers.cjs');

// Read by each package's jest.config.js below: the workers are this run's options, not a project's.
process.env[PROJECTS_RUN_ENV] = '1';

/** Every workspace with Jest suites but the API (its own run, databases and all) and the browser suite. */
const frontEndPackages = require('./package.json').workspaces.filter(
  (workspace) => !['api', 'e2e'].includes(workspace) && existsSync(path.join(__dirname, workspace, 'jest.config.js')),
);

/**
 * The front-end packages' Jest suites in one run (`npm test`'s unit step, before the API's own run): one start-up instead of
 * one per package, and no worker idle at each package's tail. Each package's jest.config.js is its project; the
 * options below are the run's, the only ones Jest reads in a run of several projects.
 */
/** @type {import('jest').Config} */
module.exports = {
  ...runOptions,
  // The apps' own 20 s: a project's testTimeout is not read in a run of several projects.
  testTimeout: 20_000,
  projects: frontEndPackages.map((workspace) => `<rootDir>/${workspace}`),
};
