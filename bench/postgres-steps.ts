import { DEFAULTS, QUIET, startMockOnStore } from './mock-process.ts'
import type { Operation } from './operations.ts'
import type { BenchCluster, LoadedDatabase } from './postgres-cluster.ts'
import {
  comparedCreatesOnPostgres,
  comparedReadsOnPostgres,
  postgresAtScale,
  SCALE_READ_CONNECTIONS,
} from './postgres-operations.ts'
import { aloneLine, measureSearchAlone, type QueryAlone } from './postgres-query-alone.ts'
import type { Section } from './results.ts'
import type { MockContext } from './requests.ts'
import { contextOf } from './sessions.ts'
import type { Measured, StepInputs } from './steps.ts'
import { runSession, type Session } from './throughput.ts'

/** The rows of one PostgreSQL step and the database they ran on. */
export interface PostgresStep {
  measured: Measured[]
  database: LoadedDatabase
}

/** At scale, also the search's query sent alone, with no mock. */
export interface PostgresScaleStep extends PostgresStep {
  searchAlone: QueryAlone
}

/** Operations run on one mock started with these flags (those of the file store's rows they match). */
interface OnMock {
  flags: readonly string[]
  operations: (context: MockContext) => Operation[]
}

/** The compiled mock on `--store`. */
function postgresSession(
  inputs: StepInputs,
  cluster: BenchCluster,
  database: LoadedDatabase,
  { flags, operations }: OnMock,
): Session {
  const { contacts, url } = database
  const { profileDir } = inputs
  const nodeFlags = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []
  const flagText = flags.length > 0 ? flags.join(' ') : 'default flags'
  return {
    label: `PostgreSQL (mock --store, ${contacts.toLocaleString('en-US')} contacts, ${flagText})`,
    async start() {
      const mock = await startMockOnStore({ ...inputs, store: url, flags, nodeFlags })
      return { ...mock, databasePid: cluster.pid }
    },
    context: contextOf(inputs, contacts),
    operations,
  }
}

/**
 * Loads a data file into a new database, runs `beforeMock` on it, then measures each of `mocks`
 * in turn, on a mock of its own over it.
 */
async function measureOnPostgres<T>(
  inputs: StepInputs,
  cluster: BenchCluster,
  contacts: number,
  section: Section,
  mocks: readonly OnMock[],
  beforeMock: (database: LoadedDatabase) => Promise<T>,
): Promise<PostgresStep & { before: T }> {
  const { log } = inputs.settings
  const started = performance.now()
  const size = contacts.toLocaleString('en-US')
  const dataFile = await inputs.files.get(contacts)
  log(
    `Loading the ${size}-contact file into PostgreSQL (openPostgresStore, in a process of its own)…`,
  )
  const database = await cluster.load(dataFile, contacts)
  log(
    `  read in ${database.readSeconds.toFixed(1)} s, loaded in ${database.loadSeconds.toFixed(1)} s, ` +
      `VACUUM ANALYZE in ${database.vacuumSeconds.toFixed(1)} s`,
  )
  const before = await beforeMock(database)
  const measured: Measured[] = []
  for (const mock of mocks) {
    const results = await runSession(
      postgresSession(inputs, cluster, database, mock),
      inputs.settings,
    )
    measured.push(...results.map((result) => ({ ...result, section, contacts, local: false })))
  }
  log(
    `  PostgreSQL, ${size} contacts: ${((performance.now() - started) / 1000).toFixed(0)} s in all`,
  )
  return { measured, database, before }
}

/**
 * The file store's reads (--quiet) and durable creates (the defaults) of this run, on PostgreSQL
 * with the same data and the same flags: the reads on one mock, then the creates on another.
 */
export function measureStoresCompared(
  inputs: StepInputs,
  cluster: BenchCluster,
): Promise<PostgresStep> {
  return measureOnPostgres(
    inputs,
    cluster,
    inputs.workloadContacts,
    'stores',
    [
      { flags: QUIET, operations: comparedReadsOnPostgres },
      { flags: DEFAULTS, operations: comparedCreatesOnPostgres },
    ],
    () => Promise.resolve(undefined),
  )
}

/**
 * PostgreSQL on a large data file: first the search's query alone (pgbench at the search's
 * connections, on the database as loaded, as the mock's search row finds it), then the mock's
 * reads at 16 connections and durable creates at 32, on one mock with the defaults.
 */
export async function measurePostgresAtScale(
  inputs: StepInputs,
  cluster: BenchCluster,
  contacts: number,
): Promise<PostgresScaleStep> {
  const { log, durationSeconds } = inputs.settings
  const step = await measureOnPostgres(
    inputs,
    cluster,
    contacts,
    'postgres',
    [{ flags: DEFAULTS, operations: (context) => postgresAtScale(context, contacts) }],
    async (database) => {
      log(`  the search's query alone (pgbench, ${String(SCALE_READ_CONNECTIONS)} connections)…`)
      const alone = await measureSearchAlone({
        url: database.url,
        searchTerm: inputs.workload.searchTerm,
        connections: SCALE_READ_CONNECTIONS,
        seconds: durationSeconds,
        baseDir: inputs.dir,
      })
      log(aloneLine(alone))
      return alone
    },
  )
  return { ...step, searchAlone: step.before }
}
