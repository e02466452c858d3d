// `npm run test:unit`: the fast loop, in-process tests only (scripts/test-kinds.js); the files that
// start processes, browsers or clusters run with jest.processes.config.js (`npm run test:processes`).
import { JEST_TESTS, PROCESS_TESTS } from './scripts/test-kinds.js'

/** @type {import('jest').Config} */
export const base = {
  testEnvironment: 'node',
  // Some tests start the mock as a process (about 1.5 s each under tsx).
  testTimeout: 30_000,
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
}

/** @type {import('jest').Config} */
export default {
  ...base,
  // Explicit: Jest's default testMatch would also pick up files like `spec.ts`. The contract
  // suite's self-test and the package test have scripts of their own (test:self, test:package).
  testMatch: [`<rootDir>/${JEST_TESTS}`, ...PROCESS_TESTS.map((glob) => `!**/${glob}`)],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/scripts/package.test.ts'],
}
