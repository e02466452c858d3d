import { randomUUID } from 'node:crypto'
import cors from 'cors'
import express, { type Express } from 'express'
import type { Logger } from 'pino'
import { pinoHttp } from 'pino-http'
import { loadDocument, type OpenApiDocument } from '../openapi/document.ts'
import { ADMIN_PATH, guardAdmin, isAdminPath, type AdminAccess } from './admin-guard.ts'
import { checkResponses } from './check-responses.ts'
import { compileOperations } from './compile-operations.ts'
import type { Data } from './data.ts'
import { HANDLERS } from './handlers/index.ts'
import type { Handlers } from './handlers/operation.ts'
import { checkHost } from './host-check.ts'
import { createProblemHandler, HttpError } from './problem.ts'
import { registerOperations } from './register-operations.ts'
import type { Store } from './store.ts'

/** Who may reach the mock: see host-check.ts and admin-guard.ts. */
export interface Access extends AdminAccess {
  /** Host names accepted besides loopback names and IP addresses (`--allowed-host`, `--host`). */
  allowedHosts?: readonly string[]
}

export interface AppDeps {
  store: Store
  /** The data `POST /__admin/reset` restores (the fixtures). */
  createData: () => Data
  document?: OpenApiDocument
  logger?: Logger
  /** Replaces handlers by operationId (tests of the response check). */
  handlers?: Partial<Handlers>
  /** Check every response against the document; a violation becomes a 500. */
  validateResponses?: boolean
  bodyLimit?: number
  now?: () => Date
  newId?: () => string
  /** Unset: loopback names and IP addresses only, the admin API open on loopback. */
  access?: Access
}

export function createApp(deps: AppDeps): Express {
  const { store, logger } = deps
  const document = deps.document ?? loadDocument()
  const app = express()
  app.disable('x-powered-by')
  app.set('etag', false)
  app.set('case sensitive routing', true)

  // Logging and self-checks
  if (logger) {
    app.use(
      pinoHttp({
        logger,
        quietReqLogger: true,
        // one short line per request; never the headers (they carry the bearer token)
        serializers: {
          req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
          res: (res: { statusCode: number }) => ({ status: res.statusCode }),
        },
      }),
    )
  }
  if (deps.validateResponses) {
    app.use(
      checkResponses(document, (violations) => {
        logger?.error({ violations }, 'response does not match the document')
      }),
    )
  }

  // Access: DNS rebinding first; CORS for any origin on the API (frontends on other origins need
  // it), never on the admin API
  const access = deps.access ?? {}
  app.use(checkHost(access.allowedHosts ?? []))
  const allowCors = cors({ exposedHeaders: ['Location', 'WWW-Authenticate', 'Allow'] })
  app.use((req, res, next) => {
    if (isAdminPath(req.path)) next()
    else allowCors(req, res, next)
  })

  // Admin
  const admin = express.Router({ caseSensitive: true })
  admin.post('/reset', async (_req, res) => {
    res.locals['unchecked'] = true
    await store.reset(deps.createData())
    res.status(204).send()
  })
  app.use(ADMIN_PATH, guardAdmin(access), admin)

  // The document's operations
  const router = express.Router({ caseSensitive: true })
  registerOperations(router, compileOperations(document), {
    store,
    handlers: { ...HANDLERS, ...deps.handlers },
    bodyLimit: deps.bodyLimit ?? 100 * 1024,
    now: deps.now ?? (() => new Date()),
    newId: deps.newId ?? randomUUID,
  })
  app.use(router)

  // Errors
  app.use((req) => {
    throw new HttpError(404, `There is no ${req.path} in this API.`)
  })
  app.use(createProblemHandler((error) => logger?.error({ err: error }, 'request failed')))
  return app
}
