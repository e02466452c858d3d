// In the browser bundle, in place of pipeline/reply/reply-check.ts: checking every answer against
// the document compiles its response schemas with Ajv at run time (`new Function`, refused by a
// strict Content-Security-Policy). The contract suite checks the answers from outside instead.
import type { createReplyCheck as ReplyCheck } from '../../../pipeline/reply/reply-check.ts'

export const createReplyCheck: typeof ReplyCheck = () => {
  throw new Error(
    'validateResponses is not available in the browser bundle: it compiles the response ' +
      'schemas at run time, which a strict Content-Security-Policy refuses; use createMockFetch ' +
      'in Node to check answers',
  )
}
