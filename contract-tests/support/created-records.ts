// Every record a test file creates is noted here (from the 201 answers themselves, so even a
// create the server should have refused is found) and removed for good after the file's tests.
import type { ApiResponse } from './api.ts'

export interface CreatedRecord {
  kind: 'contacts' | 'user_relationships'
  /** The record's own path, e.g. /api/v1/orgs/<org>/contacts/<id>. */
  path: string
  /** The Authorization header it was created with. */
  authorization: string | undefined
}

const COLLECTION = /^(\/api\/v1\/orgs\/[^/]+\/(contacts|user_relationships))\/?$/

const created: CreatedRecord[] = []

function idOf(res: ApiResponse): string | undefined {
  const body = res.body
  if (typeof body === 'object' && body !== null && 'id' in body && typeof body.id === 'string') {
    return body.id
  }
  return res.headers['location']?.split('/').pop()
}

export function noteResponse(res: ApiResponse, authorization: string | undefined): void {
  const match = COLLECTION.exec(res.request.path)
  if (res.request.method !== 'POST' || res.status !== 201 || match === null) return
  const id = idOf(res)
  const [, collection, kind] = match
  if (id === undefined || collection === undefined || kind === undefined) return
  created.push({
    kind: kind === 'contacts' ? 'contacts' : 'user_relationships',
    path: `${collection}/${encodeURIComponent(id)}`,
    authorization,
  })
}

/** Hands over (and forgets) everything noted so far. */
export function takeCreatedRecords(): CreatedRecord[] {
  return created.splice(0, created.length)
}
