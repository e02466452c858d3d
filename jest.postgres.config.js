// `npm run test:postgres`: the HTTP behaviour tests again, on PostgreSQL instead of the data file.
// scripts/test-postgres.ts starts a throw-away cluster (never a system service) and runs Jest with
// this configuration; each test app gets a database of its own there (test-support/test-app.ts). Tests of the data file itself (journal, snapshot file,
// disk full) are not in this list: they have no PostgreSQL counterpart.
import { base } from './jest.config.js'

/** @type {import('jest').Config} */
export default {
  ...base,
  testMatch: [
    '<rootDir>/mock/test/app/{app-smoke,reply-check,admin-faults}.test.ts',
    '<rootDir>/mock/test/http/{admin,admin-access,fixture-data,mock-wording,protocol-extras,protocol-host,sessions,timestamps}.test.ts',
    '<rootDir>/mock/test/resilience/{generated-requests,hostile-protocol}.test.ts',
  ],
  testPathIgnorePatterns: ['/node_modules/'],
}
