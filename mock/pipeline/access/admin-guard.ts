import { createHash, timingSafeEqual } from 'node:crypto'
import { BlockList, isIPv6 } from 'node:net'
import type { Request, RequestHandler } from 'express'
import { HttpError } from '../../shared/problem.ts'

export interface AdminAccess {
  /** The bearer token the admin API requires; when unset, only a loopback mock answers it. */
  adminToken?: string | undefined
  /** The mock listens on an address other machines can reach. */
  exposed?: boolean
}

export const ADMIN_PATH = '/__admin'

/** Whether `path` belongs to the admin API (case-insensitively, whatever the routing does). */
export const isAdminPath = (path: string): boolean => {
  const lower = path.toLowerCase()
  return lower === ADMIN_PATH || lower.startsWith(`${ADMIN_PATH}/`)
}

const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

/** Whether an address to listen on is reachable from this machine only (127.0.0.0/8, ::1). */
export function isLoopbackAddress(address: string): boolean {
  const name = address.toLowerCase().replace(/^\[(.*)\]$/, '$1')
  // IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) match the IPv4 subnet too; other names and
  // the wildcards (0.0.0.0, ::) match nothing
  return name === 'localhost' || LOOPBACK.check(name, isIPv6(name) ? 'ipv6' : 'ipv4')
}

// The one method that changes something and that a page of another site can send without a
// preflight (with a form or text/plain body). A cross-site DELETE, PUT or PATCH is always
// preflighted, whatever its body, and the admin API grants no preflight.
const SIMPLE_WRITE = 'POST'

// Hashing first gives both sides the same length, so the comparison leaks neither content nor length.
const digest = (text: string): Buffer => createHash('sha256').update(text).digest()

function bearerToken(req: Request): string | undefined {
  return /^Bearer +(\S+)$/i.exec(req.headers.authorization ?? '')?.[1]
}

/** Sites other than the mock itself must not use the admin API, not even through a browser. */
function checkSameOrigin(req: Request): void {
  const origin = req.headers.origin?.toLowerCase()
  const host = (req.headers.host ?? '').toLowerCase()
  if (origin !== undefined && origin !== `http://${host}` && origin !== `https://${host}`) {
    throw new HttpError(403, `The admin API answers no other site (Origin ${origin}).`)
  }
  // Browsers say so even where they send no Origin (a cross-site <img> or <form> GET).
  const site = req.headers['sec-fetch-site']
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw new HttpError(403, `The admin API answers no other site (Sec-Fetch-Site ${site}).`)
  }
  if (req.method === 'OPTIONS') {
    throw new HttpError(403, 'The admin API does not answer cross-origin requests (no CORS).')
  }
}

function checkToken(req: Request, access: AdminAccess, expected: Buffer | undefined): void {
  if (expected === undefined) {
    if (!access.exposed) return
    throw new HttpError(
      403,
      'The admin API is closed: the mock listens on a non-loopback address. ' +
        'Start it with --admin-token <token> (or ADMIN_TOKEN) and send that token as a bearer token.',
    )
  }
  const sent = bearerToken(req)
  if (sent === undefined || !timingSafeEqual(digest(sent), expected)) {
    throw new HttpError(
      403,
      "The admin API needs the mock's --admin-token: send 'Authorization: Bearer <admin token>'.",
    )
  }
}

// A cross-site page can send a "simple" POST (form or text/plain) without a preflight; JSON
// needs one, which the admin API never grants. Other methods need no Content-Type (a DELETE
// without a body has none); a body they carry is read by the document's media types.
function checkJson(req: Request): void {
  if (req.method !== SIMPLE_WRITE) return
  const mediaType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
  if (mediaType !== 'application/json') {
    throw new HttpError(
      415,
      `An admin POST must be sent as JSON (an empty body is fine): add -H 'Content-Type: application/json'.`,
    )
  }
}

/**
 * Guards `/__admin` (mounted before its routes): no other site, not even through a browser; a
 * bearer token when one is configured or the mock is reachable from other machines; JSON POSTs.
 */
export function guardAdmin(access: AdminAccess): RequestHandler {
  const expected = access.adminToken === undefined ? undefined : digest(access.adminToken)
  return (req, _res, next) => {
    checkSameOrigin(req)
    checkToken(req, access, expected)
    checkJson(req)
    next()
  }
}
