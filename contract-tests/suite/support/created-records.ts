// Every record a test file may have created is noted here, from the answers themselves: any 2xx to
// a POST or PUT, on any path, that names a record (its id, or a Location). So even a create the
// server should have refused (a probe it wrongly accepted) is found, and removed after the file.
// A 2xx that hands out a token (a login) opened a session: it is noted too, and closed.
import { propertyOf } from '../../runner/property-of.ts'
import type { ApiResponse } from './api.ts'
import { contractEnv } from './env.ts'

export type RecordKind = 'contacts' | 'user_relationships' | 'other'

export interface CreatedRecord {
  kind: RecordKind
  /** The record's own path, e.g. /api/v1/orgs/<org>/contacts/<id>. */
  path: string
  /** The Authorization header it was created with. */
  authorization: string | undefined
}

const KIND = /^\/api\/v1\/orgs\/[^/]+\/(contacts|user_relationships)\/[^/]+$/
const CREATES: readonly string[] = ['POST', 'PUT']

const created: CreatedRecord[] = []
const sessions: string[] = []

function idOf(body: unknown): string | undefined {
  const id = propertyOf(body, 'id')
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined
}

/** The Location's path when it points at the target itself (a path, or a URL of its origin). */
function locationPath(location: string | undefined): string | undefined {
  if (location === undefined || location === '') return undefined
  const base = new URL(contractEnv().baseUrl)
  const url = URL.canParse(location, base.href) ? new URL(location, base) : undefined
  if (url?.origin !== base.origin) return undefined
  return url.pathname.slice(base.pathname.replace(/\/$/, '').length)
}

/** Where the record a 2xx created lives, when the answer says it. */
function recordPath(res: ApiResponse): string | undefined {
  const byLocation = locationPath(res.headers['location'])
  if (byLocation !== undefined) return byLocation
  const id = idOf(res.body)
  if (id === undefined) return undefined
  const path = res.request.path.replace(/\/$/, '')
  // A PUT that made the record at its own path (an upsert); never the collection above it.
  if (path.endsWith(`/${encodeURIComponent(id)}`)) return path
  return `${path}/${encodeURIComponent(id)}`
}

export function noteResponse(res: ApiResponse, authorization: string | undefined): void {
  if (!CREATES.includes(res.request.method) || res.status < 200 || res.status > 299) return
  const token = propertyOf(res.body, 'token')
  if (typeof token === 'string' && token !== '' && !sessions.includes(token)) sessions.push(token)
  const path = recordPath(res)
  if (path === undefined || created.some((record) => record.path === path)) return
  const kind = KIND.exec(path)?.[1]
  created.push({
    kind: kind === 'contacts' || kind === 'user_relationships' ? kind : 'other',
    path,
    authorization,
  })
}

/** Hands over (and forgets) everything noted so far. */
export function takeCreatedRecords(): CreatedRecord[] {
  return created.splice(0, created.length)
}

/** Hands over (and forgets) the tokens of the sessions opened so far. */
export function takeOpenedSessions(): string[] {
  return sessions.splice(0, sessions.length)
}
