const { existsSync } = require('node:fs');
const path = require('node:path');
const { PROJECTS_RUN_ENV, runOptions } = require('./scripts/jest/workers.cjs');

// Read by each package's jest.config.js below: the workers and the order are this run's options, not a project's.
process.env[PROJECTS_RUN_ENV] = '1';

/** Every workspace with Jest suites but the browser suite. */
const packages = require('./package.json').workspaces.filter((workspace) => workspace !== 'e2e' && existsSync(path.join(__dirname, workspace, 'jest.config.js')));

/**
 * Every package's Jest suites in one run (`npm test`'s unit step): one start-up instead of one per package, and the
 * front ends' short files fill the workers while the API's long ones end. Each package's jest.config.js is its
 * project (the API's globalSetup included); the options below are the run's, the only ones Jest reads in a run of
 * several projects.
 */
/** @type {import('jest').Config} */
module.exports = {
  ...runOptions,
  // The API's 30 s (the apps' own is 20 s): a project's testTimeout is not read in a run of several projects.
  testTimeout: 30_000,
  // The longest files first, from their recorded seconds on a fresh clone (scripts/jest/suiteDurations.json).
  testSequencer: '<rootDir>/scripts/jest/longestFirstSequencer.cjs',
  projects: packages.map((workspace) => `<rootDir>/${workspace}`),
};
