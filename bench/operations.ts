import { mixOf, READS_ONLY, WITH_WRITES } from './mixed-workload.ts'
import {
  CREATE_ONE,
  fetchOne,
  LIST_PAGE,
  searchFor,
  type CheckedRequest,
  type MockContext,
} from './requests.ts'

/** One measured row: a load of one or more kinds of requests, compared with another row. */
export interface Operation {
  /** Unique in the run; other rows name it as their reference. */
  id: string
  name: string
  connections: number
  /** Sent in this order on each connection, over and over. */
  requests: readonly CheckedRequest[]
  /** The id of the row whose req/s this one's is divided by. */
  reference?: string
  /** The least acceptable ratio to the reference. */
  target?: number
  /** The p99 latency it must stay under, in ms. */
  p99TargetMs?: number
}

/** Every read compared with the baseline runs with these, the baseline included. */
export const READ_CONNECTIONS = 10
export const MIXED_CONNECTIONS = 16
export const BASELINE_ID = 'baseline'
export const RAW_SYNC_ID = 'raw-fdatasync'

/** The minimal Express app serving the one contact it holds. */
export function baselineFetch(contactId: string): Operation {
  return {
    id: BASELINE_ID,
    name: 'baseline: minimal Express app, fetch from a Map',
    connections: READ_CONNECTIONS,
    requests: [fetchOne([contactId])],
  }
}

const againstBaseline = { connections: READ_CONNECTIONS, reference: BASELINE_ID } as const
const NO_FAULTS_ID = 'fetch-no-faults'

/** Reads against the baseline, on a mock started with --quiet. */
export function quietReads(context: MockContext): Operation[] {
  return [
    {
      ...againstBaseline,
      id: 'fetch',
      name: 'fetch one contact (--quiet)',
      target: 1.0,
      requests: [fetchOne(context.ids.slice(0, 1))],
    },
    {
      ...againstBaseline,
      id: 'list',
      name: 'list page 3, limit 20 (--quiet)',
      target: 0.45,
      requests: [LIST_PAGE],
    },
    {
      ...againstBaseline,
      id: 'search',
      name: `search "${context.searchTerm}" (--quiet)`,
      target: 0.1,
      requests: [searchFor(context)],
    },
  ]
}

/** Fetch one on a mock started with --no-faults: the request path without the fault module. */
export function fetchWithoutFaults(context: MockContext): Operation {
  return {
    ...againstBaseline,
    id: NO_FAULTS_ID,
    name: 'fetch one contact (--quiet --no-faults)',
    target: undefined,
    requests: [fetchOne(context.ids.slice(0, 1))],
  }
}

const NO_INSPECTOR_ID = 'fetch-no-inspector'

/** Fetch one on a mock started with --no-inspector: nothing recorded for /__inspector. */
export function fetchWithoutInspector(context: MockContext): Operation {
  return {
    ...againstBaseline,
    id: NO_INSPECTOR_ID,
    name: 'fetch one contact (--quiet --no-inspector)',
    target: undefined,
    requests: [fetchOne(context.ids.slice(0, 1))],
  }
}

/** Fetch one with every request recorded for the inspector (the default). */
export function fetchRecorded(context: MockContext): Operation {
  return {
    connections: READ_CONNECTIONS,
    reference: NO_INSPECTOR_ID,
    id: 'fetch-recorded',
    name: 'fetch one contact, recorded for the inspector (--quiet)',
    // the limit: recording costs at most 5%
    target: 0.95,
    requests: [fetchOne(context.ids.slice(0, 1))],
  }
}

/** Fetch one with the fault module in place but idle (no rule, delay or Prefer). */
export function fetchWithIdleFaults(context: MockContext): Operation {
  return {
    connections: READ_CONNECTIONS,
    reference: NO_FAULTS_ID,
    id: 'fetch-faults-idle',
    name: 'fetch one contact, fault module idle (--quiet)',
    // "no loss beyond noise": within 3% of the mock without it
    target: 0.97,
    requests: [fetchOne(context.ids.slice(0, 1))],
  }
}

const LOGGED_FETCH_ID = 'fetch-log'

/** Fetch one on a mock started with the defaults: one request log line per request. */
export function loggedFetch(context: MockContext): Operation {
  return {
    ...againstBaseline,
    id: LOGGED_FETCH_ID,
    name: 'fetch one contact (request log on)',
    target: 0.8,
    requests: [fetchOne(context.ids.slice(0, 1))],
  }
}

/** Fetch one with the readable log a terminal gets, compared with the JSON log of a pipe. */
export function readablyLoggedFetch(context: MockContext): Operation {
  return {
    connections: READ_CONNECTIONS,
    reference: LOGGED_FETCH_ID,
    id: 'fetch-log-pretty',
    name: 'fetch one contact (request log on, --log pretty)',
    // issue 47: the line a person reads costs at most 5% more than pino's JSON line
    target: 0.95,
    requests: [fetchOne(context.ids.slice(0, 1))],
  }
}

/** The mix without writes, then with them, on one mock: the second compared with the first. */
export function mixedOperations(context: MockContext, contacts: number): Operation[] {
  const size = contacts.toLocaleString('en-US')
  const readsId = `mixed-reads-${String(contacts)}`
  return [
    {
      id: readsId,
      name: `mix without writes, ${size} contacts`,
      connections: MIXED_CONNECTIONS,
      requests: mixOf(READS_ONLY, context),
    },
    {
      id: `mixed-writes-${String(contacts)}`,
      name: `mix with writes, ${size} contacts`,
      connections: MIXED_CONNECTIONS,
      requests: mixOf(WITH_WRITES, context),
      reference: readsId,
      target: 0.8,
    },
  ]
}

/** Durable creates at `connections`, compared with the raw append + fdatasync loop. */
export function durableCreates(connections: number, target?: number): Operation {
  return {
    id: `create-${String(connections)}`,
    name: `durable create, ${String(connections)} connections`,
    connections,
    requests: [CREATE_ONE],
    reference: RAW_SYNC_ID,
    ...(target !== undefined && { target }),
  }
}
