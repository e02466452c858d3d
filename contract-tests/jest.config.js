/** @type {import('jest').Config} */
export default {
  rootDir: '..',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/contract-tests/**/*.test.ts'],
  // The suite's own tests run with the unit tests (they start the suite against faulty targets).
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/contract-tests/self-test/'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
  globalSetup: '<rootDir>/contract-tests/support/run-global-setup.js',
  globalTeardown: '<rootDir>/contract-tests/support/run-global-teardown.js',
  setupFilesAfterEnv: ['<rootDir>/contract-tests/support/after-env.ts'],
  // One file at a time: the checks of user relationship lists look at all of the token owner's
  // relationships, which other files would change under them. A run takes seconds anyway.
  maxWorkers: 1,
  testTimeout: 30_000,
  verbose: true,
  reporters: [
    'default',
    [
      'jest-junit',
      {
        outputDirectory: '<rootDir>/reports',
        outputName: 'contract-junit.xml',
        suiteNameTemplate: '{filepath}',
        classNameTemplate: '{classname}',
        titleTemplate: '{title}',
      },
    ],
  ],
}
