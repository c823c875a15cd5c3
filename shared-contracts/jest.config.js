/** @type {import('jest').Config} */
module.exports = {
  ...require('../scripts/jest/workers.cjs').packageRunOptions(),
  testEnvironment: '<rootDir>/../scripts/jest/jsdomEnvironment.cjs',
  transform: require('../scripts/jest/swcTypeScript.cjs').typeScriptTransform,
  testMatch: ['<rootDir>/test/**/*.test.ts?(x)'],
  moduleNameMapper: {
    // CSS Modules are compiled by the app that bundles them; a test reads their class names as written
    '\\.module\\.css$': 'identity-obj-proxy',
  },
};
