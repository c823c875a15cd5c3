/** @type {import('jest').Config} */
module.exports = {
  ...require('../scripts/jest/workers.cjs').packageRunOptions(),
  testEnvironment: 'jsdom',
  testTimeout: 20_000,
  transform: require('../scripts/jest/swcTypeScript.cjs').typeScriptTransform,
  testMatch: ['<rootDir>/test/**/*.test.ts?(x)'],
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  moduleNameMapper: {
    '\\.module\\.css$': 'identity-obj-proxy',
    '\\.(svg|png|jpe?g|webp)$': '<rootDir>/test/fileStub.ts',
    '^shared-contracts$': '<rootDir>/../shared-contracts/src/index.ts',
    '^shared-contracts/schemas$': '<rootDir>/../shared-contracts/src/schemas/index.ts',
    '^shared-contracts/pricing$': '<rootDir>/../shared-contracts/src/pricing/index.ts',
    '^shared-contracts/vehicle$': '<rootDir>/../shared-contracts/src/vehicle/index.ts',
    '^shared-contracts/calendar$': '<rootDir>/../shared-contracts/src/calendar/index.ts',
    '^shared-contracts/errors$': '<rootDir>/../shared-contracts/src/errors/index.ts',
    '^shared-contracts/labels$': '<rootDir>/../shared-contracts/src/labels/index.ts',
    '^shared-contracts/diagnostics$': '<rootDir>/../shared-contracts/src/diagnostics/index.ts',
    '^shared-contracts/react$': '<rootDir>/../shared-contracts/src/react/index.ts',
    '^shared-contracts/wishlist$': '<rootDir>/../shared-contracts/src/wishlist/index.ts',
    '^shared-contracts/reviews$': '<rootDir>/../shared-contracts/src/reviews/index.ts',
    '^shared-contracts/conversations$': '<rootDir>/../shared-contracts/src/conversations/index.ts',
    '^shared-contracts/notifications$': '<rootDir>/../shared-contracts/src/notifications/index.ts',
  },
  // the build defines it with webpack's DefinePlugin
  globals: { __APP_VERSION__: '0.0.0-test' },
};
