import type { DataFiles } from './data-files.ts'
import { DISTURBED_CORES, type Measurement } from './measure.ts'
import { DEFAULTS, QUIET } from './mock-process.ts'
import {
  durableCreates,
  fetchRecorded,
  fetchWithIdleFaults,
  fetchWithoutInspector,
  fetchWithoutFaults,
  loggedFetch,
  readablyLoggedFetch,
  quietReads,
  RAW_SYNC_ID,
  type Operation,
} from './operations.ts'
import { measureRawSync, type SyncStyle } from './raw-sync.ts'
import type { Section } from './results.ts'
import {
  baselineSession,
  mockSession,
  type MockSessionSpec,
  type SessionInputs,
} from './sessions.ts'
import {
  describeMeasurement,
  runSession,
  type OperationResult,
  type ThroughputSettings,
} from './throughput.ts'

/** A measured operation and where its row goes. */
export interface Measured {
  section: Section
  operation: Operation
  measurement: Measurement
  contacts: number | undefined
  local: boolean
  problems: string[]
  stdoutBytesPerRequest: number
  /** Every round's ratio, when the row is the median round of several (the mixed workload). */
  roundRatios?: number[]
}

export const CREATE_CONNECTIONS = [8, 32, 128]
const RAW_ATTEMPTS = 3
/** The target: durable creates at 32 connections against the raw loop. */
const CREATE_TARGET = { connections: 32, ratio: 1.5 }

export interface StepInputs extends SessionInputs {
  files: DataFiles
  settings: ThroughputSettings
}

/**
 * The mocks compared with the baseline, each started with its own flags: a variant of an operation
 * (the mock with another flag) is one more entry, with its operations in operations.ts.
 */
const VARIANTS: Pick<MockSessionSpec, 'label' | 'flags' | 'operations'>[] = [
  {
    label: 'No fault module',
    flags: [...QUIET, '--no-faults'],
    operations: (context) => [fetchWithoutFaults(context)],
  },
  {
    label: 'No inspector',
    flags: [...QUIET, '--no-inspector'],
    operations: (context) => [fetchWithoutInspector(context)],
  },
  {
    label: 'Reads',
    flags: QUIET,
    operations: (context) => [
      ...quietReads(context),
      fetchWithIdleFaults(context),
      fetchRecorded(context),
    ],
  },
  { label: 'Request log on', flags: DEFAULTS, operations: (context) => [loggedFetch(context)] },
  {
    label: 'Readable request log',
    flags: ['--log', 'pretty'],
    operations: (context) => [readablyLoggedFetch(context)],
  },
]

/** The baseline, then each variant of the mock on the same data file. */
export async function measureAgainstExpress(inputs: StepInputs): Promise<Measured[]> {
  const { settings, workloadContacts: contacts } = inputs
  const dataFile = await inputs.files.get(contacts)
  const tag = (size: number | undefined) => (result: OperationResult) => ({
    ...result,
    section: 'express' as const,
    contacts: size,
    local: false,
  })
  const results = (await runSession(baselineSession(inputs), settings)).map(tag(undefined))
  for (const variant of VARIANTS) {
    const session = mockSession(inputs, { ...variant, dataFile, contacts })
    results.push(...(await runSession(session, settings)).map(tag(contacts)))
  }
  return results
}

const RAW_NAMES: Record<SyncStyle, string> = {
  promises: 'raw loop: append 300 B + fdatasync (fs.promises)',
  blocking: 'raw loop: the same with synchronous calls',
}

/** One raw append + fdatasync loop, taken again (up to 3 times in all) while disturbed. */
async function measureRawLoop(inputs: StepInputs, style: SyncStyle): Promise<Measured> {
  const { settings, dir } = inputs
  let measurement: Measurement | undefined
  for (let attempt = 1; attempt <= RAW_ATTEMPTS; attempt++) {
    const taken = await measureRawSync(dir, style, settings.durationSeconds)
    settings.log(`  ${style}: ${describeMeasurement(taken)}`)
    if (measurement === undefined || taken.otherCores < measurement.otherCores) {
      measurement = taken
    }
    if (taken.otherCores <= DISTURBED_CORES) break
    settings.log(
      `    disturbed: other processes used the CPU${attempt < RAW_ATTEMPTS ? '; again' : ''}`,
    )
  }
  if (measurement === undefined) throw new Error('unreachable: RAW_ATTEMPTS is at least 1')
  const id = style === 'promises' ? RAW_SYNC_ID : `${RAW_SYNC_ID}-${style}`
  return {
    section: 'durable',
    operation: { id, name: RAW_NAMES[style], connections: 1, requests: [] },
    measurement,
    contacts: undefined,
    local: true,
    problems: [],
    stdoutBytesPerRequest: 0,
  }
}

/** The raw append + fdatasync loops, then durable creates, each count on a fresh mock. */
export async function measureDurable(inputs: StepInputs): Promise<Measured[]> {
  const { settings, workloadContacts: contacts } = inputs
  settings.log('Raw append + fdatasync loops (in the bench process, same folder as the mocks):')
  const results = [
    await measureRawLoop(inputs, 'promises'),
    await measureRawLoop(inputs, 'blocking'),
  ]
  const dataFile = await inputs.files.get(contacts)
  for (const connections of CREATE_CONNECTIONS) {
    const target = connections === CREATE_TARGET.connections ? CREATE_TARGET.ratio : undefined
    const measured = await runSession(
      mockSession(inputs, {
        label: `Durable creates, ${String(connections)} connections`,
        dataFile,
        contacts,
        flags: DEFAULTS,
        operations: () => [durableCreates(connections, target)],
      }),
      settings,
    )
    results.push(
      ...measured.map((result) => ({
        ...result,
        section: 'durable' as const,
        contacts,
        local: false,
      })),
    )
  }
  return results
}
