// Node's HTTP objects as the core reads and answers them: the thin adapter of the server, of the
// app mounted in an Express app of a user's, and of supertest in the tests.
import type { IncomingMessage, ServerResponse } from 'node:http'
import bodyParser from 'body-parser'
import type { CoreRequest } from '../pipeline/exchange.ts'
import { BODILESS, type Reply } from '../shared/reply.ts'
import { breakConnection } from './break-connection.ts'

type NodeRequest = IncomingMessage & { body?: unknown; originalUrl?: string }
type BodyReader = (req: NodeRequest, res: ServerResponse, next: (error?: unknown) => void) => void

const EMPTY = new Uint8Array(0)

/**
 * Reads a Node request as the core takes it. Its body is read (up to `limit`, inflated as
 * body-parser does) only when the core asks for it, in the order of checks.
 */
export function createRequestReader(
  limit: number,
): (req: NodeRequest, res: ServerResponse) => CoreRequest {
  // body-parser itself (what express.raw is): Express loads only with the pages (node-pages.ts)
  const rawParser: BodyReader = bodyParser.raw({ type: () => true, limit })
  return (req, res) => ({
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    // set when the app is mounted in an Express app of the user's: the URL above the mount
    originalUrl: typeof req.originalUrl === 'string' ? req.originalUrl : req.url,
    headers: req.headers,
    rawHeaders: req.rawHeaders,
    hasBody:
      req.headers['transfer-encoding'] !== undefined ||
      Number(req.headers['content-length'] ?? 0) > 0,
    body: () =>
      new Promise((resolve, reject) => {
        rawParser(req, res, (error?: unknown) => {
          if (error === undefined) resolve(req.body instanceof Uint8Array ? req.body : EMPTY)
          else reject(error instanceof Error ? error : new Error('the body could not be read'))
        })
      }),
  })
}

/**
 * Writes an answer with Node's own calls, in one writeHead: Express's `res.send` would look for
 * an ETag, freshness and a charset the answer settles already, at a cost fetch one can feel.
 */
export function writeReply(req: IncomingMessage, res: ServerResponse, reply: Reply): void {
  if (reply.network !== undefined) {
    breakConnection(req, reply.network)
    return
  }
  const { headers } = reply
  if (!BODILESS.has(reply.status)) headers['Content-Length'] = String(Buffer.byteLength(reply.text))
  res.writeHead(reply.status, headers)
  // Node leaves the body out of an answer to HEAD and of a 204 itself
  res.end(reply.text)
}
