// `npm run contract:postgres`: the contract suite through a round-robin proxy in front of two mock
// instances that share one PostgreSQL database (a throw-away cluster, removed afterwards). Extra
// arguments go to the suite.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ACME_ORG_ID, ALICE, GLOBEX_ORG_ID } from '../fixtures/identities.ts'
import { startCluster, type Cluster } from '../test-support/postgres/test-cluster.ts'
import { startMock, type RunningMock } from '../test-support/spawn-mock.ts'
import { startRoundRobinProxy, type Proxy } from './round-robin-proxy.ts'

const root = fileURLToPath(new URL('../', import.meta.url))

function runSuite(baseUrl: string): Promise<number> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      `${root}contract-tests/cli.ts`,
      '--junit',
      `${root}reports/contract-postgres-junit.xml`,
      '--base-url',
      baseUrl,
      '--token',
      'alice-token',
      '--org',
      ACME_ORG_ID,
      '--second-token',
      'bob-token',
      '--foreign-org',
      GLOBEX_ORG_ID,
      '--foreign-token',
      'carol-token',
      // the login checks too: a token from one instance must work on the other
      '--email',
      ALICE.email,
      ...process.argv.slice(2),
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, NODE_OPTIONS: '', CONTRACT_PASSWORD: ALICE.password },
    },
  )
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      resolve(code ?? 1)
    })
  })
}

let cluster: Cluster | undefined
const instances: RunningMock[] = []
let proxy: Proxy | undefined
const cleanUp = async (): Promise<void> => {
  await proxy?.close()
  for (const instance of instances) instance.child.kill('SIGKILL')
  cluster?.stop()
}
process.once('SIGINT', () => void cleanUp())
try {
  cluster = await startCluster({ settings: { fsync: 'off' } })
  const database = await cluster.createDatabase()
  // one at a time: the first migrates and seeds, the second finds the work done
  for (let n = 0; n < 2; n++) instances.push(await startMock(['--store', database, '--quiet']))
  proxy = await startRoundRobinProxy(instances.map((instance) => instance.url))
  process.stdout.write(`Two instances on one database behind ${proxy.url}\n`)
  process.exitCode = await runSuite(proxy.url)
} catch (error) {
  const said = error instanceof Error ? error.message : String(error)
  process.stderr.write(`contract:postgres could not run: ${said}\n`)
  process.exitCode = 1
} finally {
  await cleanUp()
}
