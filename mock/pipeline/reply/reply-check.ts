import type { OpenApiDocument } from '../../../openapi/document.ts'
import { createResponseChecker } from '../../../openapi/response-check.ts'

/** What the mock is about to send. */
export interface OutgoingReply {
  method: string
  path: string
  /** Whether the path and method are an operation of the document. */
  documented: boolean
  status: number
  /** Header names in lower case. */
  headers: Record<string, unknown>
  text: string
}

export type ReplyCheck = (reply: OutgoingReply) => string[]

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * Checks an answer against the document before it is sent (the tests, and
 * `--validate-responses`): an operation's answer must be one it documents; any other (unknown
 * path, 405) must still be a problem. Findings read `  - …`, one per line.
 */
export function createReplyCheck(document: OpenApiDocument): ReplyCheck {
  const checker = createResponseChecker(document)
  return ({ documented, text, ...reply }) => {
    const response = { ...reply, text, body: text === '' ? undefined : parseJson(text) }
    if (documented) return checker.check(response)
    const contentType = reply.headers['content-type']
    return checker
      .checkProblem(response)
      .concat(
        typeof contentType === 'string' && contentType.startsWith('application/problem+json')
          ? []
          : ['  - an error outside the operations must be application/problem+json'],
      )
  }
}
