import { pathnameOf, type ApiRequest, type ApiResponse } from '../exchange.ts'
import type { ReplyCheck } from './reply-check.ts'

/** The response check of `--validate-responses` and of the tests, and where it reports. */
export interface Guard {
  check: ReplyCheck
  report: (findings: string[]) => void
}

/** What every answer of the API passes through on its way out. */
export interface ReplyHooks {
  /** Checks it against the document (`--validate-responses`, the tests). */
  guard?: Guard | undefined
  /** Keeps it for the inspector (a no-op for requests the inspector does not show). */
  record?: ((req: ApiRequest, res: ApiResponse, text: string) => void) | undefined
}

export interface Reply {
  status: number
  /** Content-Type included, with its charset: the text is sent as it is. */
  headers: Record<string, string>
  text: string
}

const PROBLEM_TYPE = '/problems/internal'

const lowerCased = (headers: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))

// Statuses that carry no body, and so no Content-Length (RFC 9110, 8.6).
const BODILESS = new Set([204, 304])

/**
 * Writes an answer with Node's own calls: Express's `res.send` would look for an ETag, freshness
 * and a charset that this answer settles already, at a cost the hot path of fetch one can feel.
 */
function writeReply(req: ApiRequest, res: ApiResponse, reply: Reply, hooks: ReplyHooks): void {
  res.statusCode = reply.status
  for (const [name, value] of Object.entries(reply.headers)) res.setHeader(name, value)
  if (!BODILESS.has(reply.status)) res.setHeader('Content-Length', Buffer.byteLength(reply.text))
  hooks.record?.(req, res, reply.text)
  // Node leaves the body out of an answer to HEAD and of a 204 itself
  res.end(reply.text)
}

/**
 * Sends an answer, checked first against the document when a guard is given: an answer that
 * drifts from the document becomes a 500 naming the violation, so drift cannot pass unnoticed.
 */
export function sendReply(
  req: ApiRequest,
  res: ApiResponse,
  reply: Reply,
  hooks: ReplyHooks,
): void {
  const { guard } = hooks
  const findings =
    guard && req.method !== 'HEAD'
      ? guard.check({
          method: req.method ?? '',
          // the app's own path, as the document names it (the app may be mounted below a prefix)
          path: pathnameOf(req.url ?? '/'),
          documented: res.locals['operation'] !== undefined,
          status: reply.status,
          headers: lowerCased({ ...res.getHeaders(), ...reply.headers }),
          text: reply.text,
        })
      : []
  if (findings.length === 0) {
    writeReply(req, res, reply, hooks)
    return
  }
  guard?.report(findings)
  const problem = {
    type: PROBLEM_TYPE,
    title: 'Internal Server Error',
    status: 500,
    detail: `The mock's response does not match its document:\n${findings.join('\n')}`,
  }
  const headers = { 'Content-Type': 'application/problem+json; charset=utf-8' }
  writeReply(req, res, { status: 500, headers, text: JSON.stringify(problem) }, hooks)
}
