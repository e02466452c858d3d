// Durable creates (a 201 once the contact is on disk) at several connections, each against the
// floor of a durable write: a raw loop that appends one line and fdatasyncs it, in this process.
import { join } from 'node:path'
import { LOAD_CONTACTS } from '../harness/data-files.ts'
import type { StepInputs } from '../harness/entry-point.ts'
import { timeAppends, type SyncStyle } from '../harness/machine.ts'
import {
  describeMeasurement,
  leastDisturbed,
  ownMeasurement,
  percentile,
  type Measured,
  type Measurement,
} from '../harness/measurement.ts'
import { cpuJiffies, DEFAULTS } from '../harness/processes.ts'
import { CREATE_ONE } from '../http/requests.ts'
import { mockSession, runSession, type Operation } from '../http/sessions.ts'

export const RAW_SYNC_ID = 'raw-fdatasync'
const CREATE_CONNECTIONS = [8, 32, 128]
/** The target: durable creates at 32 connections against the raw loop. */
const CREATE_TARGET = { connections: 32, ratio: 1.5 }
const RAW_ATTEMPTS = 3
/** About the size of one journal entry of a created contact. */
const LINE = `${'x'.repeat(299)}\n`
// A bound besides the time: even a disk that ignores fdatasync ends the loop.
const MAX_LINES = 2_000_000

const RAW_NAMES: Record<SyncStyle, string> = {
  promises: 'raw loop: append 300 B + fdatasync (fs.promises)',
  blocking: 'raw loop: the same with synchronous calls',
}

/** Durable creates at `connections`, compared with the raw append + fdatasync loop. */
export function durableCreates(connections: number, target?: number): Operation {
  return {
    id: `create-${String(connections)}`,
    name: `durable create, ${String(connections)} connections`,
    connections,
    requests: [CREATE_ONE],
    reference: RAW_SYNC_ID,
    syncLoop: `${RAW_SYNC_ID}-blocking`,
    ...(target !== undefined && { target }),
  }
}

/** The floor a durable write is measured against: the loop for `seconds`, one line at a time. */
async function measureRawSync(
  dir: string,
  style: SyncStyle,
  seconds: number,
): Promise<Measurement> {
  const [busyBefore] = cpuJiffies()
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  const deadline = started + seconds * 1000
  const path = join(dir, `raw-fdatasync-${style}.log`)
  const more = (count: number): boolean => performance.now() < deadline && count < MAX_LINES
  const times = await timeAppends(path, style, LINE, more)
  const elapsedSeconds = (performance.now() - started) / 1000
  const { user, system } = process.cpuUsage(cpuBefore)
  const machineBusySeconds = (cpuJiffies()[0] - busyBefore) / 100
  const sorted = Float64Array.from(times).sort()
  return ownMeasurement({
    requests: sorted.length,
    elapsedSeconds,
    // the loop is the "server" of this row: it does the work, in the bench's own process
    cpuSeconds: (user + system) / 1e6,
    machineBusySeconds,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    bytesPerResponse: LINE.length,
    non2xx: 0,
    statusCodes: {},
  })
}

/** One raw append + fdatasync loop, taken again (up to 3 times in all) while disturbed. */
async function measureRawLoop(inputs: StepInputs, style: SyncStyle): Promise<Measured> {
  const measurement = await leastDisturbed(RAW_ATTEMPTS, inputs.log, async () => {
    const taken = await measureRawSync(inputs.dir, style, inputs.durationSeconds)
    inputs.log(`  ${style}: ${describeMeasurement(taken)}`)
    return taken
  })
  const id = style === 'promises' ? RAW_SYNC_ID : `${RAW_SYNC_ID}-${style}`
  return {
    section: 'durable',
    operation: { id, name: RAW_NAMES[style], connections: 1 },
    measurement,
    contacts: undefined,
    problems: [],
    stdoutBytesPerRequest: 0,
  }
}

/** The raw append + fdatasync loops, then durable creates, each count on a fresh mock. */
export async function measureDurable(inputs: StepInputs): Promise<Measured[]> {
  inputs.log('Raw append + fdatasync loops (in the bench process, same folder as the mocks):')
  const measured = [
    await measureRawLoop(inputs, 'promises'),
    await measureRawLoop(inputs, 'blocking'),
  ]
  const data = { dataFile: await inputs.files.get(LOAD_CONTACTS) }
  for (const connections of CREATE_CONNECTIONS) {
    const target = connections === CREATE_TARGET.connections ? CREATE_TARGET.ratio : undefined
    const session = mockSession(inputs, {
      label: `Durable creates, ${String(connections)} connections`,
      section: 'durable',
      data,
      contacts: LOAD_CONTACTS,
      flags: DEFAULTS,
      operations: () => [durableCreates(connections, target)],
    })
    measured.push(...(await runSession(inputs, session)))
  }
  return measured
}
