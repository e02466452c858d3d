import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * A request as the pipeline reads it: Node's own object with the fields the mock sets on it.
 * Express's requests carry the same fields, so the admin API (behind Express) and the Contacts
 * API (served from Node's objects as they come) share one pipeline.
 */
export interface ApiRequest extends IncomingMessage {
  /** The URL as it arrived (Express rewrites `url` below a mount path). */
  originalUrl: string
  /** The raw body once read (a Buffer), else undefined. */
  body?: unknown
}

export interface ApiResponse extends ServerResponse {
  /** What the pipeline learned on the way: the operation, when the recording started. */
  locals: Record<string, unknown>
}

/**
 * Node's objects with the fields Express would give them, and nothing else. Express also swaps
 * both objects' prototypes (Object.setPrototypeOf) on every request, and every later use of them
 * pays for it: fetching one contact took 78 µs of CPU behind Express and takes 18 without it (the
 * swap alone takes a bare Node server from 14 µs to 36), more than all the mock's own work.
 */
export function adopt(
  req: IncomingMessage,
  res: ServerResponse,
): { req: ApiRequest; res: ApiResponse } {
  const locals: Record<string, unknown> = {}
  // set already when the app is mounted in an Express app of the user's
  const originalUrl =
    'originalUrl' in req && typeof req.originalUrl === 'string' ? req.originalUrl : req.url
  return {
    req: Object.assign(req, { originalUrl: originalUrl ?? '/' }),
    res: Object.assign(res, { locals }),
  }
}

/** The path of a request target as Express's `req.path` reads it: no query, no fragment. */
export function pathnameOf(url: string): string {
  if (!url.startsWith('/')) {
    // the absolute form (`GET http://host/path`), which a proxy-minded client may send
    return URL.canParse(url) ? new URL(url).pathname : url
  }
  const query = url.indexOf('?')
  const fragment = url.indexOf('#')
  const end = query === -1 ? fragment : fragment === -1 ? query : Math.min(query, fragment)
  return end === -1 ? url : url.slice(0, end)
}
