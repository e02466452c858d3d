/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  // Some tests start the mock as a process (about 1.5 s each under tsx).
  testTimeout: 30_000,
  // Explicit: Jest's default testMatch would also pick up files like `spec.ts`. The contract
  // suite's self-test and the package test have scripts of their own (test:self, test:package).
  testMatch: ['<rootDir>/{openapi,mock,fixtures,scripts,bench}/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/scripts/package.test.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
}
