const { PROJECTS_RUN_ENV, packageRunOptions } = require('../scripts/jest/workers.cjs');

/** @type {import('jest').Config} */
module.exports = {
  // Suites run in parallel workers, each suite on scratch databases of its own (test/support/testDatabases.ts).
  ...packageRunOptions(),
  // Node's environment with a plain global object: globals read at full speed (scripts/jest/plainGlobalEnvironment.cjs).
  testEnvironment: '<rootDir>/../scripts/jest/plainGlobalEnvironment.cjs',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  // The fault test runs alone, after the suites (jest.faults.config.js): its budgets are timings.
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/faults/'],
  transform: {
    // TypeScript through swc, transpiled file by file (scripts/jest/swcTypeScript.cjs).
    ...require('../scripts/jest/swcTypeScript.cjs').typeScriptTransform,
    // ESM-only dependencies (kysely, cookie, ...) → CommonJS; the rest of node_modules passes through.
    '/node_modules/.+\\.m?js$': '<rootDir>/test/support/esmToCommonJs.cjs',
  },
  transformIgnorePatterns: [],
  moduleNameMapper: {
    '^shared-contracts$': '<rootDir>/../shared-contracts/src/index.ts',
    '^shared-contracts/schemas$': '<rootDir>/../shared-contracts/src/schemas/index.ts',
    '^shared-contracts/backoffice$': '<rootDir>/../shared-contracts/src/backoffice/index.ts',
    '^shared-contracts/diagnostics$': '<rootDir>/../shared-contracts/src/diagnostics/index.ts',
    '^shared-contracts/errors$': '<rootDir>/../shared-contracts/src/errors/index.ts',
  },
  // A migrated database per kind, copied by each suite (test/support/testTemplates.ts).
  globalSetup: '<rootDir>/test/support/jestGlobalSetup.ts',
  globalTeardown: '<rootDir>/test/support/jestGlobalTeardown.ts',
  testTimeout: 30_000,
  // The longest files first, from their recorded seconds when Jest's cache has none (a fresh clone); in a run of
  // several packages the order is that run's option (jest.unit.config.cjs).
  ...(process.env[PROJECTS_RUN_ENV] ? {} : { testSequencer: '<rootDir>/../scripts/jest/longestFirstSequencer.cjs' }),
};
