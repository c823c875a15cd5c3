/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: '<rootDir>/../scripts/jest/jsdomEnvironment.cjs',
  transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', isolatedModules: true }] },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
};
