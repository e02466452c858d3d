// What a fetch function offers besides fetch: reset, export, named snapshots, a new org. Each is
// a request to the admin API through the same core, so each answers as `/__admin` does (its
// names checked by admin.yaml, a missing snapshot a 404).
import type { components } from '../../openapi/admin-types.ts'
import type { CoreRequest } from '../pipeline/exchange.ts'
import type { Reply } from '../shared/reply.ts'

type AdminSchemas = components['schemas']
export type SnapshotInfo = AdminSchemas['Snapshot']
/** What `export()` gives: the seed format, which `data` takes back. */
export type SeedData = AdminSchemas['SeedData']
export type OrgRequest = AdminSchemas['OrgRequest']
export type OrgCreated = AdminSchemas['OrgCreated']

/** An admin request the mock refused: its status, and its problem's detail. */
export class MockAdminError extends Error {
  readonly status: number
  readonly problem: unknown
  constructor(status: number, problem: unknown) {
    const detail = (problem as { detail?: unknown } | null)?.detail
    super(`The mock answered ${String(status)}: ${typeof detail === 'string' ? detail : ''}`)
    this.name = 'MockAdminError'
    this.status = status
    this.problem = problem
  }
}

export interface NamedSnapshotCalls {
  /** Saves the data as it is now under `name` (letters, digits, '-', '_'). */
  save: (name: string) => Promise<SnapshotInfo>
  list: () => Promise<SnapshotInfo[]>
  /** Puts the data back as it was saved; rejects (404) for a name never saved. */
  restore: (name: string) => Promise<void>
  /** False when there is no snapshot of that name. */
  remove: (name: string) => Promise<boolean>
}

export interface AdminCalls {
  /** Back to the data the mock started from (`POST /__admin/reset`): logs everyone out. */
  reset: () => Promise<void>
  /** All data in the seed format (`GET /__admin/export`). */
  export: () => Promise<SeedData>
  snapshots: NamedSnapshotCalls
  /** A new organization with its own users and contacts (`POST /__admin/orgs`). */
  createOrg: (request?: Partial<OrgRequest>) => Promise<OrgCreated>
}

const encoder = new TextEncoder()

export function createAdminCalls(
  handle: (request: CoreRequest) => Promise<Reply | undefined>,
  host: string,
): AdminCalls {
  async function call(method: string, path: string, body?: object): Promise<Reply> {
    const bytes = body === undefined ? new Uint8Array(0) : encoder.encode(JSON.stringify(body))
    const headers: Record<string, string> = { host }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const url = `/__admin/${path}`
    const reply = await handle({
      method,
      url,
      headers,
      hasBody: bytes.length > 0,
      body: () => Promise.resolve(bytes),
    })
    if (reply === undefined || reply.network !== undefined) {
      throw new MockAdminError(0, { detail: 'the admin API gave no answer' })
    }
    if (reply.status >= 300) throw new MockAdminError(reply.status, parsed(reply))
    return reply
  }
  const parsed = (reply: Reply): unknown => (reply.text === '' ? undefined : JSON.parse(reply.text))
  const path = (name: string): string => `snapshots/${encodeURIComponent(name)}`
  return {
    reset: async () => {
      await call('POST', 'reset', {})
    },
    export: async () => parsed(await call('GET', 'export')) as SeedData,
    createOrg: async (request = {}) => parsed(await call('POST', 'orgs', request)) as OrgCreated,
    snapshots: {
      save: async (name) => parsed(await call('POST', 'snapshots', { name })) as SnapshotInfo,
      list: async () =>
        (parsed(await call('GET', 'snapshots')) as { snapshots: SnapshotInfo[] }).snapshots,
      restore: async (name) => {
        await call('POST', `${path(name)}/restore`, {})
      },
      remove: async (name) => {
        try {
          await call('DELETE', path(name))
          return true
        } catch (error) {
          if (error instanceof MockAdminError && error.status === 404) return false
          throw error
        }
      },
    },
  }
}
