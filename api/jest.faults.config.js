/** @type {import('jest').Config} */
// The fault test (test/faults): two API processes behind nginx under load and faults, run alone after the other
// suites (`npm run test:faults -w api`), so that its timings are not those of a machine busy with them.
const base = require('./jest.config.js');

module.exports = {
  ...base,
  testMatch: ['<rootDir>/test/faults/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  maxWorkers: 1,
  testSequencer: undefined,
};
