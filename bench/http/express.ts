// The mock against the least an Express 5 app can do (baseline-server.ts), at the same
// connections: the baseline's own row, then each variant of the mock on the same data file.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { LOAD_CONTACTS } from '../harness/data-files.ts'
import type { StepInputs } from '../harness/entry-point.ts'
import type { Measured, RowSpec } from '../harness/measurement.ts'
import { DEFAULTS, QUIET, startServer, type ServerProcess } from '../harness/processes.ts'
import {
  fetchFirst,
  fetchOne,
  LIST_PAGE,
  searchFor,
  type CheckedRequest,
  type MockContext,
} from './requests.ts'
import { mockSession, runSession, type MockSessionSpec, type Operation } from './sessions.ts'

/** Every read compared with the baseline runs with these, the baseline included. */
export const READ_CONNECTIONS = 10
const BASELINE_ID = 'baseline'
const BASELINE_READY = /Baseline listening on (http:\/\/\S+)\r?\n/

/** The compiled baseline app, serving the contact the mock lists first. */
export function startBaseline(inputs: StepInputs): Promise<ServerProcess> {
  const contactFile = join(inputs.dir, 'baseline-contact.json')
  writeFileSync(contactFile, JSON.stringify(inputs.workload.contact))
  const args = [inputs.pkg.baselineEntry, '--contact', contactFile]
  return startServer({ args, ready: BASELINE_READY, timeoutMs: 60_000 })
}

/** A read at READ_CONNECTIONS, compared with the baseline unless it names another reference. */
const read = (request: CheckedRequest, row: Omit<RowSpec, 'connections'>): Operation => ({
  connections: READ_CONNECTIONS,
  reference: BASELINE_ID,
  ...row,
  requests: [request],
})

/** Reads against the baseline, on a mock started with --quiet. */
export const quietReads = (context: MockContext): Operation[] => [
  read(fetchFirst(context), { id: 'fetch', name: 'fetch one contact (--quiet)', target: 1.0 }),
  read(LIST_PAGE, { id: 'list', name: 'list page 3, limit 20 (--quiet)', target: 0.45 }),
  read(searchFor(context), {
    id: 'search',
    name: `search "${context.searchTerm}" (--quiet)`,
    target: 0.1,
  }),
]

const NO_FAULTS_ID = 'fetch-no-faults'
const NO_INSPECTOR_ID = 'fetch-no-inspector'
const LOGGED_FETCH_ID = 'fetch-log'

/**
 * The mocks compared with the baseline, each started with its own flags: a variant of an operation
 * (the mock with another flag) is one more entry, with its rows.
 */
const VARIANTS: Pick<MockSessionSpec, 'label' | 'flags' | 'operations'>[] = [
  {
    label: 'No fault module',
    flags: [...QUIET, '--no-faults'],
    operations: (context) => [
      // the request path without the fault module
      read(fetchFirst(context), {
        id: NO_FAULTS_ID,
        name: 'fetch one contact (--quiet --no-faults)',
      }),
    ],
  },
  {
    label: 'No inspector',
    flags: [...QUIET, '--no-inspector'],
    operations: (context) => [
      // nothing recorded for /__inspector
      read(fetchFirst(context), {
        id: NO_INSPECTOR_ID,
        name: 'fetch one contact (--quiet --no-inspector)',
      }),
    ],
  },
  {
    label: 'Reads',
    flags: QUIET,
    operations: (context) => [
      ...quietReads(context),
      // the fault module in place but idle (no rule, delay or Prefer): "no loss beyond noise",
      // within 3% of the mock without it
      read(fetchFirst(context), {
        id: 'fetch-faults-idle',
        name: 'fetch one contact, fault module idle (--quiet)',
        reference: NO_FAULTS_ID,
        target: 0.97,
      }),
      // every request recorded for the inspector (the default): the limit, recording
      // costs at most 5%
      read(fetchFirst(context), {
        id: 'fetch-recorded',
        name: 'fetch one contact, recorded for the inspector (--quiet)',
        reference: NO_INSPECTOR_ID,
        target: 0.95,
      }),
    ],
  },
  {
    label: 'Request log on',
    flags: DEFAULTS,
    operations: (context) => [
      // one request log line per request
      read(fetchFirst(context), {
        id: LOGGED_FETCH_ID,
        name: 'fetch one contact (request log on)',
        target: 0.8,
      }),
    ],
  },
  {
    label: 'Readable request log',
    flags: ['--log', 'pretty'],
    operations: (context) => [
      // issue 47: the line a person reads costs at most 5% more than pino's JSON line
      read(fetchFirst(context), {
        id: 'fetch-log-pretty',
        name: 'fetch one contact (request log on, --log pretty)',
        reference: LOGGED_FETCH_ID,
        target: 0.95,
      }),
    ],
  },
]

/** The baseline, then each variant of the mock on the same data file. */
export async function measureAgainstExpress(inputs: StepInputs): Promise<Measured[]> {
  const { contact, searchTerm, searchMatches } = inputs.workload
  const measured = await runSession(inputs, {
    label: 'Baseline (minimal Express app)',
    section: 'express',
    contacts: undefined,
    start: () => startBaseline(inputs),
    context: () => Promise.resolve({ ids: [contact.id], searchTerm, searchMatches }),
    operations: () => [
      read(fetchOne([contact.id]), {
        id: BASELINE_ID,
        name: 'baseline: minimal Express app, fetch from a Map',
        reference: undefined,
      }),
    ],
  })
  const data = { dataFile: await inputs.files.get(LOAD_CONTACTS) }
  for (const variant of VARIANTS) {
    const spec = { ...variant, section: 'express' as const, data, contacts: LOAD_CONTACTS }
    measured.push(...(await runSession(inputs, mockSession(inputs, spec))))
  }
  return measured
}
