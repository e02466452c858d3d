// Which test files are unit tests and which are not: `npm run test:unit` is the fast loop (in this
// process only: no browser, no PostgreSQL, no child process), `npm run test:processes` runs the
// Jest files that start any of those. The same list keeps a unit test from starting a process
// (eslint.config.js refuses those imports in every other test file).

/** Jest files that start a browser, a PostgreSQL cluster, or another process. */
export const PROCESS_TESTS = [
  'mock/test/browser/**/*.test.ts',
  'mock/test/postgres/**/*.test.ts',
  'mock/test/process/**/*.test.ts',
  'mock/test/resilience/{concurrency,crash,disk-full,event-stream-clients,lock-race,shutdown,unread-stdout}.test.ts',
  'mock/test/app/{admin-faults,inspector-curl}.test.ts',
  'mock/test/fetch/streamed-bodies-memory.test.ts',
  'mock/test/http/generated-client.test.ts',
  'mock/process/request-log-destination.test.ts',
  'mock/store/memory/disk/open-store.test.ts',
  'fixtures/{cli,seed-file-start}.test.ts',
  'openapi/prism-mock.test.ts',
]

/** Every Jest file of the repository but the contract suite's self-test and the package test. */
export const JEST_TESTS = '{openapi,mock,fixtures,scripts,bench,test-support}/**/*.test.ts'

/** What a unit test may not import: each starts a process, a browser or a cluster. */
export const PROCESS_MODULES = [
  'node:child_process',
  'child_process',
  '**/test-support/spawn-mock.ts',
  '**/test-support/browser/*',
  '**/test-support/postgres/*',
  'playwright-core',
]
