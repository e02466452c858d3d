import type { RequestHandler } from 'express'
import type { Logger } from 'pino'

/**
 * One line per request, written when the answer is finished: method, URL, status and time. Never
 * the headers (they carry the bearer token). No logger per request: this runs on every request.
 */
export function logRequests(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now()
    res.once('finish', () => {
      const ms = Math.round((performance.now() - started) * 10) / 10
      logger.info({ method: req.method, url: req.originalUrl, status: res.statusCode, ms })
    })
    next()
  }
}
