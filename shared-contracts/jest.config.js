/** @type {import('jest').Config} */
module.exports = {
  ...require('../scripts/jest/workers.cjs'),
  testEnvironment: '<rootDir>/../scripts/jest/jsdomEnvironment.cjs',
  transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', isolatedModules: true }] },
  testMatch: ['<rootDir>/test/**/*.test.ts?(x)'],
  moduleNameMapper: {
    // CSS Modules are compiled by the app that bundles them; a test reads their class names as written
    '\\.module\\.css$': 'identity-obj-proxy',
  },
};
