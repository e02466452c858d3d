// What a fetch function offers besides fetch: reset, export, named snapshots, a new org. Each is
// a request to the admin API through the fetch function itself, so each answers as `/__admin`
// does (its names checked by admin.yaml, a missing snapshot a 404).
import type { components } from '../../openapi/admin-types.ts'

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

/** The admin API through the fetch function, `path` below `/__admin/`: each call a request. */
export function createAdminCalls(
  fetchAdmin: (path: string, init: RequestInit) => Promise<Response>,
): AdminCalls {
  /** The answer's body, parsed; a refusal is a MockAdminError. */
  async function call(method: string, path: string, body?: object): Promise<unknown> {
    const json = { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
    const response = await fetchAdmin(path, body === undefined ? { method } : { method, ...json })
    const text = await response.text()
    const parsed: unknown = text === '' ? undefined : JSON.parse(text)
    if (response.status >= 300) throw new MockAdminError(response.status, parsed)
    return parsed
  }
  const snapshot = (name: string): string => `snapshots/${encodeURIComponent(name)}`
  return {
    reset: async () => {
      await call('POST', 'reset', {})
    },
    export: async () => (await call('GET', 'export')) as SeedData,
    createOrg: async (request = {}) => (await call('POST', 'orgs', request)) as OrgCreated,
    snapshots: {
      save: async (name) => (await call('POST', 'snapshots', { name })) as SnapshotInfo,
      list: async () =>
        ((await call('GET', 'snapshots')) as { snapshots: SnapshotInfo[] }).snapshots,
      restore: async (name) => {
        await call('POST', `${snapshot(name)}/restore`, {})
      },
      remove: async (name) => {
        try {
          await call('DELETE', snapshot(name))
          return true
        } catch (error) {
          if (error instanceof MockAdminError && error.status === 404) return false
          throw error
        }
      },
    },
  }
}
