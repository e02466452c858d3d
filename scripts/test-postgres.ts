// `npm run test:postgres`: starts a throw-away PostgreSQL cluster, runs the HTTP behaviour tests
// on it (jest.postgres.config.js; extra arguments go to Jest), and removes the cluster.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { startCluster } from '../test-support/postgres/test-cluster.ts'
import { TEST_POSTGRES_ENV } from '../test-support/postgres/test-databases.ts'

const root = fileURLToPath(new URL('../', import.meta.url))
const jest = `${root}node_modules/jest/bin/jest.js`

const cluster = await startCluster({ settings: { fsync: 'off' } }).catch((error: unknown) => {
  // one line saying what is missing, not a stack trace
  const said = error instanceof Error ? error.message : String(error)
  process.stderr.write(`test:postgres could not start PostgreSQL: ${said}\n`)
  process.exit(1)
})
const stop = (): void => {
  cluster.stop()
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
const child = spawn(
  process.execPath,
  [
    '--experimental-vm-modules',
    '--disable-warning=ExperimentalWarning',
    jest,
    '-c',
    `${root}jest.postgres.config.js`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: { ...process.env, [TEST_POSTGRES_ENV]: cluster.url } },
)
const code = await new Promise<number>((resolve) => {
  child.once('exit', (exitCode) => {
    resolve(exitCode ?? 1)
  })
})
stop()
process.exitCode = code
