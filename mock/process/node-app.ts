// The mock as Node's request listener: the core for the API and the admin API, Express for the
// pages a person opens (reference, documents, problem types, inspector), the inspector's recorder
// and the request log following the core's life cycle.
import type { IncomingMessage, ServerResponse } from 'node:http'
import express, { type ErrorRequestHandler, type RequestHandler } from 'express'
import type { Logger } from 'pino'
import { loadAdminDocument, loadDocument } from '../../openapi/document-files.ts'
import type { OpenApiDocument } from '../../openapi/document.ts'
import { createMock, type MockDeps } from '../app.ts'
import { createFace, isFacePath, isInspectorPath } from '../face/face-routes.ts'
import { createRecorder, type Recorder } from '../face/recorder.ts'
import { CORS_HEADERS } from '../pipeline/access/cors.ts'
import { noSuchPath } from '../pipeline/core.ts'
import { pathnameOf } from '../pipeline/exchange.ts'
import { problemReply, toHttpError } from '../shared/problem.ts'
import { createRequestReader, writeReply } from './node-http.ts'
import { logLineOf, type LogLine } from './request-log.ts'

export interface AppDeps extends Omit<MockDeps, 'document' | 'adminDocument' | 'isPagePath'> {
  /** Another version of the Contacts API's document; the bundled one by default. */
  document?: OpenApiDocument
  /** The request log (one line per request) and the mock's own errors. */
  logger?: Logger | undefined
  /** Writes the request log instead of `logger` (the readable format); errors stay the logger's. */
  requestLog?: LogLine | undefined
  /** Where the inspector's requests are recorded (by default a ring of the last 500); 'off': none. */
  recorder?: Recorder | 'off'
}

/** The mock as Node's request listener (`http.createServer(app)`, supertest's `request(app)`). */
export type App = (req: IncomingMessage, res: ServerResponse) => void

export function createApp(deps: AppDeps): App {
  const document = deps.document ?? loadDocument()
  const adminDocument = loadAdminDocument()
  const { core, bodyLimit } = createMock({
    ...deps,
    document,
    adminDocument,
    // the package's own document is known to compile: each validator is compiled when first used
    compileOnFirstUse: deps.compileOnFirstUse ?? deps.document === undefined,
    pages: { isPage: isFacePath, isGuarded: isInspectorPath },
  })
  const recorder = deps.recorder === 'off' ? undefined : (deps.recorder ?? createRecorder())
  if (recorder) core.lifecycle.on('response:mocked', recorder.note)
  const log = deps.requestLog ?? (deps.logger && logLineOf(deps.logger))
  if (log) {
    core.lifecycle.on('response:mocked', (x, reply) => {
      log(x.request.method, x.request.url, reply.status, x.startedAt, reply)
    })
  }
  const pages = createPages(
    createFace({
      document,
      adminDocument,
      access: deps.access ?? {},
      recorder: recorder ?? createRecorder(0),
    }),
  )
  const readRequest = createRequestReader(bodyLimit)
  return (req, res) => {
    const started = performance.now()
    core.handle(readRequest(req, res)).then(
      (reply) => {
        if (reply !== undefined) {
          writeReply(req, res, reply)
          return
        }
        if (log) {
          res.once('finish', () => {
            log(req.method ?? '', req.url ?? '', res.statusCode, started)
          })
        }
        pages(req, res)
      },
      (error: unknown) => {
        // a listener of the life cycle failed: the answer may be half written
        deps.logger?.error({ err: error }, 'request failed')
        res.destroy()
      },
    )
  }
}

/**
 * The pages behind Express: CORS as on the API (not on the inspector; the core answered their
 * preflight), errors as problems.
 */
function createPages(face: RequestHandler): App {
  const app = express()
  app.disable('x-powered-by')
  app.set('etag', false)
  app.set('case sensitive routing', true)
  app.use((req, res, next) => {
    if (!isInspectorPath(req.path)) res.set(CORS_HEADERS)
    next()
  })
  app.use(face)
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
