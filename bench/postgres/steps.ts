// The mock on `--store`: the file store's rows again on PostgreSQL with the same data (the stores
// compared), then PostgreSQL on a large data file, with p99 targets.
import { LOAD_CONTACTS } from '../harness/data-files.ts'
import type { StepInputs } from '../harness/entry-point.ts'
import type { Measured, Section } from '../harness/measurement.ts'
import { DEFAULTS, QUIET } from '../harness/processes.ts'
import { durableCreates } from '../durability/durable-creates.ts'
import { quietReads } from '../http/express.ts'
import { CREATE_ONE, fetchFirst, LIST_PAGE, searchFor } from '../http/requests.ts'
import { mockSession, runSession, type MockSessionSpec, type Operation } from '../http/sessions.ts'
import type { DatabaseLoad, QueryAlone } from '../results/results.ts'
import type { BenchCluster, LoadedDatabase } from './cluster.ts'
import { aloneLine, measureSearchAlone } from './query-alone.ts'

/** The target at a million contacts: list page and search at 16 connections. */
const P99_TARGET_MS = 50
const SCALE_READ_CONNECTIONS = 16
const SCALE_CREATE_CONNECTIONS = 32
/** The file store's durable creates compared with PostgreSQL's (one of durable-creates.ts's counts). */
const COMPARED_CREATE_CONNECTIONS = 32

/** The rows of one PostgreSQL step and the database they ran on. */
export interface PostgresStep {
  measured: Measured[]
  database: Omit<DatabaseLoad, 'section'>
}

/** Rows measured on one mock started with these flags (those of the file store's rows they match). */
type OnMock = Pick<MockSessionSpec, 'flags' | 'operations'>

/** A file store's row as PostgreSQL's: the same requests at the same connections, compared. */
const onPostgres = ({ id, name, connections, requests }: Operation): Operation => ({
  id: `postgres-${id}`,
  name: `PostgreSQL: ${name}`,
  connections,
  requests,
  reference: id,
})

/** A new database of the cluster holding the data file of `contacts`; `started`: when asked for. */
async function loadDatabase(
  inputs: StepInputs,
  cluster: BenchCluster,
  contacts: number,
): Promise<LoadedDatabase & { started: number }> {
  const started = performance.now()
  const dataFile = await inputs.files.get(contacts)
  inputs.log(
    `Loading the ${contacts.toLocaleString('en-US')}-contact file into PostgreSQL ` +
      '(openPostgresStore, in a process of its own)…',
  )
  const database = await cluster.load(dataFile, contacts)
  inputs.log(
    `  read in ${database.readSeconds.toFixed(1)} s, loaded in ${database.loadSeconds.toFixed(1)} s, ` +
      `VACUUM ANALYZE in ${database.vacuumSeconds.toFixed(1)} s`,
  )
  return { ...database, started }
}

/** Each of `mocks` in turn, on a mock of its own over the database. */
async function measureOnMocks(
  inputs: StepInputs,
  cluster: BenchCluster,
  { url, started, ...database }: LoadedDatabase & { started: number },
  section: Section,
  mocks: readonly OnMock[],
): Promise<PostgresStep> {
  const measured: Measured[] = []
  for (const mock of mocks) {
    const { contacts } = database
    const data = { store: url }
    const spec = { ...mock, label: 'PostgreSQL', section, data, contacts, databasePid: cluster.pid }
    measured.push(...(await runSession(inputs, mockSession(inputs, spec))))
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(0)
  inputs.log(
    `  PostgreSQL, ${database.contacts.toLocaleString('en-US')} contacts: ${seconds} s in all`,
  )
  return { measured, database }
}

/**
 * The file store's reads (--quiet) and durable creates (the defaults) of this run, on PostgreSQL
 * with the same data and the same flags: the reads on one mock, then the creates on another.
 */
export async function measureStoresCompared(
  inputs: StepInputs,
  cluster: BenchCluster,
): Promise<PostgresStep> {
  const database = await loadDatabase(inputs, cluster, LOAD_CONTACTS)
  return measureOnMocks(inputs, cluster, database, 'stores', [
    { flags: QUIET, operations: (context) => quietReads(context).map(onPostgres) },
    {
      flags: DEFAULTS,
      operations: () => [onPostgres(durableCreates(COMPARED_CREATE_CONNECTIONS))],
    },
  ])
}

/**
 * PostgreSQL on a large data file: first the search's query alone (pgbench at the search's
 * connections, on the database as loaded, as the mock's search row finds it), then the mock's
 * fetch one, list page 3 and search at 16 connections and durable creates at 32, on one mock with
 * the defaults.
 */
export async function measurePostgresAtScale(
  inputs: StepInputs,
  cluster: BenchCluster,
  contacts: number,
): Promise<PostgresStep & { searchAlone: QueryAlone }> {
  const database = await loadDatabase(inputs, cluster, contacts)
  inputs.log(`  the search's query alone (pgbench, ${String(SCALE_READ_CONNECTIONS)} connections)…`)
  const searchAlone = await measureSearchAlone({
    url: database.url,
    searchTerm: inputs.workload.searchTerm,
    connections: SCALE_READ_CONNECTIONS,
    seconds: inputs.durationSeconds,
    baseDir: inputs.dir,
  })
  inputs.log(aloneLine(searchAlone))
  const row = (id: string, name: string, connections = SCALE_READ_CONNECTIONS) => ({
    id: `postgres-${String(contacts)}-${id}`,
    name: `PostgreSQL: ${name}`,
    connections,
  })
  const step = await measureOnMocks(inputs, cluster, database, 'postgres', [
    {
      flags: DEFAULTS,
      operations: (context) => [
        { ...row('fetch', 'fetch one contact'), requests: [fetchFirst(context)] },
        {
          ...row('list', 'list page 3, limit 20'),
          requests: [LIST_PAGE],
          p99TargetMs: P99_TARGET_MS,
        },
        {
          ...row('search', `search "${context.searchTerm}"`),
          requests: [searchFor(context)],
          p99TargetMs: P99_TARGET_MS,
        },
        {
          ...row('create', 'durable create', SCALE_CREATE_CONNECTIONS),
          requests: [CREATE_ONE],
        },
      ],
    },
  ])
  return { ...step, searchAlone }
}
