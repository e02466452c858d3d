// CORS for any origin (frontends on other origins need it), as the `cors` package answers it with
// our options (cors.test.ts holds both to the same headers); never on the admin API.
import type { Reply } from '../../shared/reply.ts'
import { headerOf, type RequestHeaders } from '../exchange.ts'

// What a page on another origin may read of an answer besides the safelisted headers.
const EXPOSED = 'Location,WWW-Authenticate,Allow,Retry-After'

/** Added to every answer of the API that is not a preflight. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': EXPOSED,
}

/**
 * The answer to a preflight: any method the API has, the headers the page asks for, and for 10
 * minutes, so that a page does not send one before every call.
 */
export function preflightReply(headers: RequestHeaders): Reply {
  const requested = headerOf(headers, 'access-control-request-headers')
  return {
    status: 204,
    headers: {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET,HEAD,PUT,PATCH,POST,DELETE',
      Vary: 'Access-Control-Request-Headers',
      ...(requested ? { 'Access-Control-Allow-Headers': requested } : {}),
      'Access-Control-Max-Age': '600',
      'Access-Control-Expose-Headers': EXPOSED,
      // Safari waits for a body without it
      'Content-Length': '0',
    },
    text: '',
  }
}
