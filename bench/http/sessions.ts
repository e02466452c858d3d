// A server started for some operations, each measured in turn with autocannon, then stopped: the
// baseline app, or the compiled mock on a data file or on PostgreSQL, with the flags of its rows.
import { measure, problemsOf } from '../harness/autocannon.ts'
import { LOAD_CONTACTS } from '../harness/data-files.ts'
import type { StepInputs } from '../harness/entry-point.ts'
import {
  describeMeasurement,
  leastDisturbed,
  type Measured,
  type RowSpec,
  type Section,
} from '../harness/measurement.ts'
import { startMock, type MockData, type ServerProcess } from '../harness/processes.ts'
import { listedIds, probe, type CheckedRequest, type MockContext } from './requests.ts'

/** One measured row: a load of one or more kinds of requests. */
export interface Operation extends RowSpec {
  /** Sent in this order on each connection, over and over. */
  requests: readonly CheckedRequest[]
}

export interface Session {
  label: string
  section: Section
  /** Contacts of the data it serves; none for the baseline. */
  contacts: number | undefined
  start: () => Promise<ServerProcess>
  /** The database server it uses, if any: its CPU is counted as the database's. */
  databasePid?: number | undefined
  /** What the requests need from the server, read once it runs. */
  context: (server: ServerProcess) => Promise<MockContext>
  operations: (context: MockContext) => Operation[]
}

// A disturbed run is taken again; the least disturbed attempt is kept.
const ATTEMPTS = 3

async function runOperation(
  inputs: StepInputs,
  session: Session,
  server: ServerProcess,
  operation: Operation,
): Promise<Measured> {
  for (const request of new Set<CheckedRequest>(operation.requests)) {
    await probe(server.url, request)
  }
  const load = {
    url: server.url,
    requests: operation.requests,
    connections: operation.connections,
    serverPid: server.pid,
    databasePid: session.databasePid,
  }
  const warmup = await measure({ ...load, durationSeconds: inputs.warmupSeconds })
  const problems = problemsOf(`${operation.name} (warm-up)`, warmup)
  const kept = await leastDisturbed(ATTEMPTS, inputs.log, async () => {
    const stdoutBefore = server.stdoutBytes()
    const taken = await measure({ ...load, durationSeconds: inputs.durationSeconds })
    problems.push(...problemsOf(operation.name, taken))
    inputs.log(`  ${operation.name}: ${describeMeasurement(taken)}`)
    return { ...taken, stdoutBytes: server.stdoutBytes() - stdoutBefore }
  })
  for (const problem of problems) inputs.log(`  !! ${problem}`)
  const { stdoutBytes, ...measurement } = kept
  return {
    section: session.section,
    operation,
    measurement,
    contacts: session.contacts,
    problems,
    stdoutBytesPerRequest: measurement.requests === 0 ? 0 : stdoutBytes / measurement.requests,
  }
}

/** Starts the session's server, measures its operations one at a time, and stops it. */
export async function runSession(inputs: StepInputs, session: Session): Promise<Measured[]> {
  inputs.log(`${session.label}:`)
  const server = await session.start()
  const measured: Measured[] = []
  try {
    for (const operation of session.operations(await session.context(server))) {
      measured.push(await runOperation(inputs, session, server, operation))
    }
  } finally {
    await server.stop()
  }
  return measured
}

/** What a mock's requests need, read from the mock once it runs on `contacts` contacts. */
export const contextOf =
  (inputs: StepInputs, contacts: number) =>
  async (server: ServerProcess): Promise<MockContext> => ({
    ids: await listedIds(server.url),
    searchTerm: inputs.workload.searchTerm,
    // the workload counted the matches in its own file only
    searchMatches: contacts === LOAD_CONTACTS ? inputs.workload.searchMatches : 1,
  })

export interface MockSessionSpec extends Pick<Session, 'section' | 'operations' | 'databasePid'> {
  label: string
  data: MockData
  contacts: number
  /** The mock's flags besides --port and --db: a variant is a session with other flags. */
  flags: readonly string[]
}

/** The compiled mock, started as a user starts it, on a fresh copy of a data file or on --store. */
export function mockSession(inputs: StepInputs, spec: MockSessionSpec): Session {
  const { profileDir } = inputs
  const nodeFlags = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []
  const flags = spec.flags.length > 0 ? spec.flags.join(' ') : 'default flags'
  const mock = 'store' in spec.data ? 'mock --store' : 'mock'
  return {
    ...spec,
    label: `${spec.label} (${mock}, ${spec.contacts.toLocaleString('en-US')} contacts, ${flags})`,
    start: () => startMock({ ...inputs, ...spec, nodeFlags }),
    context: contextOf(inputs, spec.contacts),
  }
}
