import type { ServerResponse } from 'node:http'
import cors from 'cors'

// What a page on another origin may read of an answer besides the safelisted headers.
const EXPOSED_HEADERS = ['Location', 'WWW-Authenticate', 'Allow', 'Retry-After']
const EXPOSED_TEXT = EXPOSED_HEADERS.join(',')

/**
 * CORS for any origin (frontends on other origins need it). A preflight holds for 10 minutes,
 * so a page does not send one before every call.
 */
export const allowCors = cors({ exposedHeaders: EXPOSED_HEADERS, maxAge: 600 })

/**
 * What `allowCors` adds to an answer that is not a preflight, set directly: on the API's hot
 * path the package's option handling costs about as much as finding the contact.
 * cors.test.ts holds both to the same headers.
 */
export function allowSimpleCors(res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*')
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_TEXT)
}
