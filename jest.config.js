/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  // Some tests start the mock as a process (about 1.5 s each under tsx).
  testTimeout: 30_000,
  // Explicit: Jest's default testMatch would also pick up files like `spec.ts`.
  testMatch: [
    '<rootDir>/{openapi,mock,fixtures,scripts}/**/*.test.ts',
    '<rootDir>/contract-tests/self-test/**/*.test.ts',
  ],
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
}
