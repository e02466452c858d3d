// `npm run test:processes`: the Jest files that start a browser, a PostgreSQL cluster or another
// process (scripts/test-kinds.js).
import { base } from './jest.config.js'
import { PROCESS_TESTS } from './scripts/test-kinds.js'

/** @type {import('jest').Config} */
export default {
  ...base,
  testMatch: PROCESS_TESTS.map((glob) => `<rootDir>/${glob}`),
  testPathIgnorePatterns: ['/node_modules/'],
  // a ceiling that only catches a hang: each test starts processes, which on a busy machine (two
  // busy loops on two cores) take several times as long as on an idle one (crash, disk-full: >30 s)
  testTimeout: 120_000,
}
