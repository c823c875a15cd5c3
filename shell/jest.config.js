/** @type {import('jest').Config} */
module.exports = {
  ...require('../scripts/jest/workers.cjs').packageRunOptions(),
  testEnvironment: '<rootDir>/../scripts/jest/jsdomEnvironment.cjs',
  testTimeout: 20_000,
  transform: require('../scripts/jest/swcTypeScript.cjs').typeScriptTransform,
  testMatch: ['<rootDir>/test/**/*.test.ts?(x)'],
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  moduleNameMapper: {
    '\\.module\\.css$': 'identity-obj-proxy',
    '\\.css$': '<rootDir>/test/styleStub.ts',
    '^shared-contracts$': '<rootDir>/../shared-contracts/src/index.ts',
    '^shared-contracts/schemas$': '<rootDir>/../shared-contracts/src/schemas/index.ts',
    '^shared-contracts/notifications$': '<rootDir>/../shared-contracts/src/notifications/index.ts',
    '^shared-contracts/eventStream$': '<rootDir>/../shared-contracts/src/eventStream/index.ts',
    '^shared-contracts/react$': '<rootDir>/../shared-contracts/src/react/index.ts',
    '^@module-federation/enhanced/runtime$': '<rootDir>/test/federationRuntimeMock.ts',
  },
};
