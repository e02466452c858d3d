import { HttpError } from '../../shared/problem.ts'
import { isSameSecret } from '../../shared/secrets.ts'
import { headerOf, type RequestHeaders } from '../exchange.ts'

export interface AdminAccess {
  /** The bearer token the admin API requires; when unset, only a loopback mock answers it. */
  adminToken?: string | undefined
  /** The mock listens on an address other machines can reach. */
  exposed?: boolean
}

export const ADMIN_PATH = '/__admin'

/** Whether `path` belongs to the admin API (case-insensitively, whatever the routing does). */
export const isAdminPath = (path: string): boolean => {
  // `/__…`: the one look most requests (`/api/…`) need
  if (path.charCodeAt(2) !== 95) return false
  const lower = path.slice(0, ADMIN_PATH.length + 1).toLowerCase()
  return lower === ADMIN_PATH || lower === `${ADMIN_PATH}/`
}

/** What the guard reads of a request. */
export interface GuardedRequest {
  method: string
  headers: RequestHeaders
}

function bearerToken(headers: RequestHeaders): string | undefined {
  return /^Bearer +(\S+)$/i.exec(headerOf(headers, 'authorization') ?? '')?.[1]
}

/** Sites other than the mock itself must not use the admin API, not even through a browser. */
function checkSameOrigin({ method, headers }: GuardedRequest): void {
  const origin = headerOf(headers, 'origin')?.toLowerCase()
  const host = (headerOf(headers, 'host') ?? '').toLowerCase()
  if (origin !== undefined && origin !== `http://${host}` && origin !== `https://${host}`) {
    throw new HttpError(403, `The admin API answers no other site (Origin ${origin}).`)
  }
  // Browsers say so even where they send no Origin (a cross-site <img> or <form> GET).
  const site = headerOf(headers, 'sec-fetch-site')
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw new HttpError(403, `The admin API answers no other site (Sec-Fetch-Site ${site}).`)
  }
  if (method === 'OPTIONS') {
    throw new HttpError(403, 'The admin API does not answer cross-origin requests (no CORS).')
  }
}

function checkToken(request: GuardedRequest, access: AdminAccess): void {
  const expected = access.adminToken
  if (expected === undefined) {
    if (!access.exposed) return
    throw new HttpError(
      403,
      'The admin API is closed: the mock listens on a non-loopback address. ' +
        'Start it with --admin-token <token> (or ADMIN_TOKEN) and send that token as a bearer token.',
    )
  }
  const sent = bearerToken(request.headers)
  if (sent === undefined || !isSameSecret(sent, expected)) {
    throw new HttpError(
      403,
      "The admin API needs the mock's --admin-token: send 'Authorization: Bearer <admin token>'.",
    )
  }
}

// The one method that changes something and that a page of another site can send without a
// preflight (with a form or text/plain body). A cross-site DELETE, PUT or PATCH is always
// preflighted, whatever its body, and the admin API grants no preflight.
const SIMPLE_WRITE = 'POST'

// A cross-site page can send a "simple" POST (form or text/plain) without a preflight; JSON
// needs one, which the admin API never grants. Other methods need no Content-Type (a DELETE
// without a body has none); a body they carry is read by the document's media types.
function checkJson({ method, headers }: GuardedRequest): void {
  if (method !== SIMPLE_WRITE) return
  const mediaType = (headerOf(headers, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase()
  if (mediaType !== 'application/json') {
    throw new HttpError(
      415,
      `An admin POST must be sent as JSON (an empty body is fine): add -H 'Content-Type: application/json'.`,
    )
  }
}

/**
 * Guards `/__admin` and the inspector's data: no other site, not even through a browser; a bearer
 * token when one is configured or the mock is reachable from other machines; JSON POSTs.
 */
export function guardAdmin(request: GuardedRequest, access: AdminAccess): void {
  checkSameOrigin(request)
  checkToken(request, access)
  checkJson(request)
}
