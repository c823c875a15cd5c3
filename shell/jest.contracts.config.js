/**
 * Contract tests on the production builds (run by `npm test` after the builds): each remote's federation
 * manifest exposes exactly what shared-contracts declares.
 * @type {import('jest').Config}
 */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: require('../scripts/jest/swcTypeScript.cjs').typeScriptTransform,
  testMatch: ['<rootDir>/contracts/**/*.test.ts'],
  moduleNameMapper: { '^shared-contracts$': '<rootDir>/../shared-contracts/src/index.ts' },
};
