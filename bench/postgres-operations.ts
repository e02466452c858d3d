import { durableCreates, quietReads, type Operation } from './operations.ts'
import { CREATE_ONE, fetchOne, LIST_PAGE, searchFor, type MockContext } from './requests.ts'

/** The target at a million contacts: list page and search at 16 connections. */
export const P99_TARGET_MS = 50
export const SCALE_READ_CONNECTIONS = 16
export const SCALE_CREATE_CONNECTIONS = 32
/** The file store's durable creates compared with PostgreSQL's (one of steps.ts's counts). */
export const COMPARED_CREATE_CONNECTIONS = 32

/** A file store's row as PostgreSQL's: the same requests at the same connections, compared. */
const onPostgres = ({ id, name, connections, requests }: Operation): Operation => ({
  id: `postgres-${id}`,
  name: `PostgreSQL: ${name}`,
  connections,
  requests,
  reference: id,
})

/** The file store's reads (fetch one, list page 3, search), on PostgreSQL. */
export const comparedReadsOnPostgres = (context: MockContext): Operation[] =>
  quietReads(context).map(onPostgres)

/** The file store's durable creates at 32 connections, on PostgreSQL. */
export const comparedCreatesOnPostgres = (): Operation[] => [
  onPostgres(durableCreates(COMPARED_CREATE_CONNECTIONS)),
]

/** Fetch one, list page 3 and search at 16 connections, then durable creates at 32. */
export function postgresAtScale(context: MockContext, contacts: number): Operation[] {
  const read = (id: string, what: string): Pick<Operation, 'id' | 'name' | 'connections'> => ({
    id: `postgres-${String(contacts)}-${id}`,
    name: `PostgreSQL: ${what}`,
    connections: SCALE_READ_CONNECTIONS,
  })
  return [
    { ...read('fetch', 'fetch one contact'), requests: [fetchOne(context.ids.slice(0, 1))] },
    {
      ...read('list', 'list page 3, limit 20'),
      requests: [LIST_PAGE],
      p99TargetMs: P99_TARGET_MS,
    },
    {
      ...read('search', `search "${context.searchTerm}"`),
      requests: [searchFor(context)],
      p99TargetMs: P99_TARGET_MS,
    },
    {
      id: `postgres-${String(contacts)}-create`,
      name: 'PostgreSQL: durable create',
      connections: SCALE_CREATE_CONNECTIONS,
      requests: [CREATE_ONE],
    },
  ]
}
