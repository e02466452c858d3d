// The core's answer as fetch gives one: a Response, or, for a fault that breaks the connection, the
// TypeError a browser's fetch rejects with; a hanging connection settles only when aborted.
import { BODILESS, type NetworkFault, type Reply } from '../shared/reply.ts'
import { createMockResponse } from './mock-response.ts'

// The reason phrases Node's server sends with each status the mock answers (http.STATUS_CODES)
const STATUS_TEXT: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  507: 'Insufficient Storage',
}

/** What fetch rejects with when the connection breaks (the words of Chromium's fetch). */
export function failedToFetch(cause?: unknown): TypeError {
  return new TypeError('Failed to fetch', cause === undefined ? undefined : { cause })
}

const encoder = new TextEncoder()

/** The headers of a reply as the server sends them: with its Content-Length (once they are read). */
function fieldsOf(reply: Reply): Record<string, string> {
  const { headers } = reply
  if (!BODILESS.has(reply.status)) {
    headers['Content-Length'] = String(encoder.encode(reply.text).length)
  }
  return headers
}

/**
 * A Response as the server would send it: no body for HEAD, a 204 or a 304. With `url`, the fetch
 * function's own (its `url` the one asked for, its text read without a stream, its headers made
 * when read); without, the platform's, for MSW to carry.
 */
export function toResponse(reply: Reply, method: string, url?: string): Response {
  const text = BODILESS.has(reply.status) || method === 'HEAD' ? null : reply.text
  const init = { status: reply.status, statusText: STATUS_TEXT[reply.status] ?? '' }
  if (url === undefined) return new Response(text, { ...init, headers: fieldsOf(reply) })
  return createMockResponse(text, init, () => fieldsOf(reply), url)
}

/** The abort reason fetch rejects with: the signal's own, or an AbortError. */
export function abortReason(signal: AbortSignal): Error {
  // fetch rejects with whatever the signal was aborted with, an Error or not
  const reason: unknown = signal.reason
  return (reason ?? new DOMException('This operation was aborted', 'AbortError')) as Error
}

/** The answer, or the abort's reason as soon as the signal aborts (the answer may still come). */
export function raceAbort<T>(
  answer: Promise<T>,
  signal: AbortSignal | null | undefined,
): Promise<T> {
  if (!signal) return answer
  return new Promise((resolve, reject) => {
    const abort = (): void => {
      reject(abortReason(signal))
    }
    signal.addEventListener('abort', abort, { once: true })
    answer.then(resolve, reject).finally(() => {
      signal.removeEventListener('abort', abort)
    })
  })
}

/**
 * A broken connection as fetch sees it: 'reset' and 'empty' (the server closed it without an
 * answer) reject at once; 'hang' waits until the signal aborts, or `closed` says the mock stopped.
 */
export function breakConnection(
  fault: NetworkFault,
  signal: AbortSignal | null | undefined,
  closed: Promise<void>,
): Promise<never> {
  if (fault !== 'hang') return Promise.reject(failedToFetch(new Error(`connection ${fault}`)))
  const gone = closed.then((): never => {
    throw failedToFetch(new Error('the mock was closed'))
  })
  return raceAbort(gone, signal)
}
