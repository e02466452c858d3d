import type { Request, Response } from 'express'
import type { ReplyCheck } from './reply-check.ts'

/** The response check of `--validate-responses` and of the tests, and where it reports. */
export interface Guard {
  check: ReplyCheck
  report: (findings: string[]) => void
}

const PROBLEM_TYPE = '/problems/internal'

const lowerCased = (headers: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))

/**
 * Sends an answer, checked first against the document when a guard is given: an answer that
 * drifts from the document becomes a 500 naming the violation, so drift cannot pass unnoticed.
 */
export function sendReply(
  req: Request,
  res: Response,
  reply: { status: number; headers: Record<string, string>; text: string },
  guard: Guard | undefined,
): void {
  res.status(reply.status).set(reply.headers)
  const findings =
    guard && req.method !== 'HEAD'
      ? guard.check({
          method: req.method,
          path: req.baseUrl + req.path,
          documented: res.locals['operation'] !== undefined,
          status: reply.status,
          headers: lowerCased(res.getHeaders()),
          text: reply.text,
        })
      : []
  if (findings.length === 0) {
    res.send(reply.text)
    return
  }
  guard?.report(findings)
  res.status(500).type('application/problem+json')
  res.send(
    JSON.stringify({
      type: PROBLEM_TYPE,
      title: 'Internal Server Error',
      status: 500,
      detail: `The mock's response does not match its document:\n${findings.join('\n')}`,
    }),
  )
}
