// The pages behind Express (face-routes.ts): loaded by node-app.ts on the first page asked for,
// so that a mock that is only called (a test's, the MCP server's) never loads Express or renders
// a page.
import express, { type ErrorRequestHandler } from 'express'
import { createFace, type FaceDeps } from '../face/face-routes.ts'
import { isInspectorPath } from '../face/face-paths.ts'
import { CORS_HEADERS } from '../pipeline/access/cors.ts'
import { noSuchPath } from '../pipeline/core.ts'
import { pathnameOf } from '../pipeline/exchange.ts'
import { problemReply, toHttpError } from '../shared/problem.ts'
import type { App } from './node-app.ts'
import { writeReply } from './node-http.ts'

/** CORS as on the API (not on the inspector; the core answered their preflight), errors as problems. */
export function createPages(deps: FaceDeps): App {
  const app = express()
  app.disable('x-powered-by')
  app.set('etag', false)
  app.set('case sensitive routing', true)
  app.use((req, res, next) => {
    if (!isInspectorPath(req.path)) res.set(CORS_HEADERS)
    next()
  })
  app.use(createFace(deps))
  app.use((req) => {
    throw noSuchPath(req.path)
  })
  const answer: ErrorRequestHandler = (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error)
      return
    }
    writeReply(req, res, problemReply(toHttpError(error), pathnameOf(req.originalUrl)))
  }
  app.use(answer)
  return app
}
