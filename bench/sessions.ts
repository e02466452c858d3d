import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { CompiledPackage } from './compiled-package.ts'
import type { Workload } from './data-files.ts'
import { startMock } from './mock-process.ts'
import { baselineFetch, type Operation } from './operations.ts'
import { listedIds, type MockContext } from './requests.ts'
import { readMemory, startServer, type ServerProcess } from './server-process.ts'
import type { Session } from './throughput.ts'

const BASELINE_READY = /Baseline listening on (http:\/\/\S+)\r?\n/
const FLOOR_SAMPLES = 3

export interface SessionInputs {
  pkg: CompiledPackage
  /** The bench's temporary folder. */
  dir: string
  /** Read from the 10k data file: the baseline's contact and the search term. */
  workload: Workload
  workloadContacts: number
  /** Where the mocks' --cpu-prof output goes; undefined: no profiling. */
  profileDir: string | undefined
}

/** Starts the compiled baseline app serving `contact`. */
function startBaseline(pkg: CompiledPackage, contactFile: string): Promise<ServerProcess> {
  return startServer({
    args: [pkg.baselineEntry, '--contact', contactFile],
    ready: BASELINE_READY,
    timeoutMs: 60_000,
  })
}

/** The baseline app's start: Node and Express with no data, the median of a few. */
export interface BaselineStart {
  samples: number
  startupMs: number
  /** VmRSS when ready, in bytes. */
  rssReady: number
}

/** What Node and Express alone cost at start, to read the mock's start-up and memory against. */
export async function measureFloor(inputs: SessionInputs): Promise<BaselineStart> {
  const contactFile = join(inputs.dir, 'floor-contact.json')
  writeFileSync(contactFile, JSON.stringify(inputs.workload.contact))
  const samples: { startupMs: number; rss: number }[] = []
  for (let sample = 0; sample < FLOOR_SAMPLES; sample++) {
    const server = await startBaseline(inputs.pkg, contactFile)
    samples.push({ startupMs: server.startupMs, rss: readMemory(server.pid).rss })
    await server.stop('SIGKILL')
  }
  // the median start, with the RSS it had
  const median = samples.sort((a, b) => a.startupMs - b.startupMs)[FLOOR_SAMPLES >> 1]
  if (median === undefined) throw new Error('unreachable: FLOOR_SAMPLES is at least 1')
  return { samples: FLOOR_SAMPLES, startupMs: median.startupMs, rssReady: median.rss }
}

/** The minimal Express app, serving the contact the mock lists first. */
export function baselineSession(inputs: SessionInputs): Session {
  const { contact, searchTerm, searchMatches } = inputs.workload
  return {
    label: 'Baseline (minimal Express app)',
    async start() {
      const contactFile = join(inputs.dir, 'baseline-contact.json')
      writeFileSync(contactFile, JSON.stringify(contact))
      const server = await startBaseline(inputs.pkg, contactFile)
      return { server, dispose: () => server.stop() }
    },
    context: () => Promise.resolve({ ids: [contact.id], searchTerm, searchMatches }),
    operations: () => [baselineFetch(contact.id)],
  }
}

export interface MockSessionSpec {
  label: string
  dataFile: string
  contacts: number
  /** The mock's flags besides --port and --db: a variant is a session with other flags. */
  flags: readonly string[]
  operations: (context: MockContext) => Operation[]
}

/** The compiled mock, started as a user starts it, on a fresh copy of a data file. */
export function mockSession(inputs: SessionInputs, spec: MockSessionSpec): Session {
  const { profileDir } = inputs
  const nodeFlags = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []
  const flags = spec.flags.length > 0 ? spec.flags.join(' ') : 'default flags'
  return {
    label: `${spec.label} (mock, ${spec.contacts.toLocaleString('en-US')} contacts, ${flags})`,
    async start() {
      const mock = await startMock({ ...inputs, ...spec, nodeFlags })
      return { server: mock.server, dispose: () => mock.dispose() }
    },
    context: contextOf(inputs, spec.contacts),
    operations: spec.operations,
  }
}

/** What a mock's requests need, read from the mock once it runs on `contacts` contacts. */
export function contextOf(
  inputs: SessionInputs,
  contacts: number,
): (server: ServerProcess) => Promise<MockContext> {
  const { searchTerm, searchMatches } = inputs.workload
  return async (server) => ({
    ids: await listedIds(server.url),
    searchTerm,
    // the workload counted the matches in its own file only
    searchMatches: contacts === inputs.workloadContacts ? searchMatches : 1,
  })
}
