// `npm run test:processes`: the Jest files that start a browser, a PostgreSQL cluster or another
// process (scripts/test-kinds.js).
import { base } from './jest.config.js'
import { PROCESS_TESTS } from './scripts/test-kinds.js'

/** @type {import('jest').Config} */
export default {
  ...base,
  testMatch: PROCESS_TESTS.map((glob) => `<rootDir>/${glob}`),
  testPathIgnorePatterns: ['/node_modules/'],
}
