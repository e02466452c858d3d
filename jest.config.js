/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  // Explicit: Jest's default testMatch would also pick up files like `spec.ts`.
  testMatch: ['<rootDir>/{openapi,mock,fixtures,scripts}/**/*.test.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
}
