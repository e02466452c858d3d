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
  const args = [inputs.pkg.baselineEntry, contactFile]
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

/** A row fetching the contact the mock lists first: its id and name, its reference and target. */
const fetchRow =
  (id: string, name: string, reference = BASELINE_ID, target?: number) =>
  (context: MockContext): Operation =>
    read(fetchFirst(context), { id, name, reference, target })

/**
 * The mocks compared with the baseline, each started with its own flags: a variant of an operation
 * (the mock with another flag) is one more entry, with its rows.
 */
const VARIANTS: (Pick<MockSessionSpec, 'label' | 'flags'> & {
  rows: ((context: MockContext) => Operation | Operation[])[]
})[] = [
  // the request path without the fault module
  {
    label: 'No fault module',
    flags: [...QUIET, '--no-faults'],
    rows: [fetchRow(NO_FAULTS_ID, 'fetch one contact (--quiet --no-faults)')],
  },
  // nothing recorded for /__inspector
  {
    label: 'No inspector',
    flags: [...QUIET, '--no-inspector'],
    rows: [fetchRow(NO_INSPECTOR_ID, 'fetch one contact (--quiet --no-inspector)')],
  },
  {
    label: 'Reads',
    flags: QUIET,
    rows: [
      quietReads,
      // the fault module in place but idle (no rule, delay or Prefer): "no loss beyond noise",
      // within 3% of the mock without it
      fetchRow(
        'fetch-faults-idle',
        'fetch one contact, fault module idle (--quiet)',
        NO_FAULTS_ID,
        0.97,
      ),
      // every request recorded for the inspector (the default): the limit, recording
      // costs at most 5%
      fetchRow(
        'fetch-recorded',
        'fetch one contact, recorded for the inspector (--quiet)',
        NO_INSPECTOR_ID,
        0.95,
      ),
    ],
  },
  // one request log line per request
  {
    label: 'Request log on',
    flags: DEFAULTS,
    rows: [fetchRow(LOGGED_FETCH_ID, 'fetch one contact (request log on)', BASELINE_ID, 0.8)],
  },
  // issue 47: the line a person reads costs at most 5% more than pino's JSON line
  {
    label: 'Readable request log',
    flags: ['--log', 'pretty'],
    rows: [
      fetchRow(
        'fetch-log-pretty',
        'fetch one contact (request log on, --log pretty)',
        LOGGED_FETCH_ID,
        0.95,
      ),
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
  for (const { rows, ...variant } of VARIANTS) {
    const spec = { ...variant, section: 'express' as const, data, contacts: LOAD_CONTACTS }
    const operations = (context: MockContext) => rows.flatMap((row) => row(context))
    measured.push(...(await runSession(inputs, mockSession(inputs, { ...spec, operations }))))
  }
  return measured
}
