import type { OpenApiDocument } from '../../../openapi/document.ts'
import { createResponseChecker } from '../../../openapi/response-check.ts'
import { HttpError } from '../../shared/problem.ts'
import type { Reply } from '../../shared/reply.ts'

/** What the mock is about to send. */
export interface OutgoingReply {
  method: string
  path: string
  /** Whether the path and method are an operation of the document. */
  documented: boolean
  reply: Reply
}

/** The 500 naming how an answer drifts from its document; undefined when it does not. */
export type ReplyCheck = (outgoing: OutgoingReply) => HttpError | undefined

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const PROBLEM = 'application/problem+json'

/**
 * Checks an answer against the document before it is sent (the tests, and
 * `--validate-responses`): an operation's answer must be one it documents; any other (unknown
 * path, 405) must still be a problem. The 500's detail lists the findings, `  - …` one a line.
 */
export function createReplyCheck(document: OpenApiDocument): ReplyCheck {
  const checker = createResponseChecker(document)
  return ({ method, path, documented, reply: { status, text, ...reply } }) => {
    const headers = Object.fromEntries(
      Object.entries(reply.headers).map(([name, value]) => [name.toLowerCase(), value]),
    )
    const response = { method, path, status, headers, text, body: parseJson(text) }
    const findings = documented
      ? checker.check(response)
      : checker
          .checkProblem(response)
          .concat(
            headers['content-type']?.startsWith(PROBLEM) === true
              ? []
              : ['  - an error outside the operations must be application/problem+json'],
          )
    if (findings.length === 0) return undefined
    const detail = `The mock's response does not match its document:\n${findings.join('\n')}`
    return new HttpError(500, detail)
  }
}
