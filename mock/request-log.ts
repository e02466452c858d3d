import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from 'pino'

/**
 * One line per request, written when the answer is finished: method, URL, status and time. Never
 * the headers (they carry the bearer token). No logger per request: this runs on every request.
 */
export function logRequests(logger: Logger): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const started = performance.now()
    // as it arrived: Express rewrites req.url below a mount path
    const url = req.url
    res.once('finish', () => {
      const ms = Math.round((performance.now() - started) * 10) / 10
      logger.info({ method: req.method, url, status: res.statusCode, ms })
    })
  }
}
