import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import express from 'express'
import type { Logger } from 'pino'
import { DEFAULT_SEED } from '../fixtures/identities.ts'
import {
  loadAdminDocument,
  loadDocument,
  maxBodyBytesOf,
  type OpenApiDocument,
} from '../openapi/document.ts'
import { createAdminHandlers } from './admin/admin-handlers.ts'
import { createNamedSnapshots, type NamedSnapshots } from './store/memory/disk/named-snapshots.ts'
import {
  ADMIN_PATH,
  guardAdmin,
  isAdminPath,
  type AdminAccess,
} from './pipeline/access/admin-guard.ts'
import { compileOperations } from './pipeline/validate/compile-operations.ts'
import type { Data } from './shared/data.ts'
import { HANDLERS } from './handlers/index.ts'
import type { Handlers } from './handlers/operation.ts'
import { createFace, isFacePath, isInspectorPath } from './face/face-routes.ts'
import { createRecorder, type Recorder } from './face/recorder.ts'
import { createFaultBook, type FaultBook } from './faults/fault-book.ts'
import { faultTargetsOf } from './faults/fault-targets.ts'
import { allowCors, allowSimpleCors } from './pipeline/access/cors.ts'
import { adopt, pathnameOf } from './pipeline/exchange.ts'
import { createHostCheck } from './pipeline/access/host-check.ts'
import { answerError, createProblemHandler, HttpError } from './shared/problem.ts'
import { dispatchOperations } from './pipeline/dispatch-operations.ts'
import { createReplyCheck } from './pipeline/reply/reply-check.ts'
import type { StorageEngine } from './store/repositories.ts'
import { logRequests } from './process/request-log.ts'
import type { Guard } from './pipeline/reply/send-reply.ts'

/** Who may reach the mock: see host-check.ts and admin-guard.ts. */
export interface Access extends AdminAccess {
  /** Host names accepted besides loopback names and IP addresses (`--allowed-host`, `--host`). */
  allowedHosts?: readonly string[]
}

export interface AppDeps {
  engine: StorageEngine
  /** The data `POST /__admin/reset` restores (the fixtures). */
  createData: () => Data | Promise<Data>
  document?: OpenApiDocument
  /** Compile each validator on first use: for the package's own document, known to compile. */
  compileOnFirstUse?: boolean
  logger?: Logger
  /** Replaces handlers by operationId (tests of the response check). */
  handlers?: Partial<Handlers>
  /** Check every response against the document; a violation becomes a 500. */
  validateResponses?: boolean
  now?: () => Date
  newId?: () => string
  /** Unset: loopback names and IP addresses only, the admin API open on loopback. */
  access?: Access
  /** Where named snapshots are kept: beside the data file (`<db>.snapshots`). */
  snapshotsDir?: string
  /** The named snapshots themselves, when they are not files (a database store keeps its own). */
  snapshots?: NamedSnapshots
  /** The fault rules and delays (by default none, drawing from the fixtures' seed); 'off' for none. */
  faults?: FaultBook | 'off'
  /** Where the inspector's requests are recorded (by default a ring of the last 500); 'off': none. */
  recorder?: Recorder | 'off'
}

/** The mock as Node's request listener (`http.createServer(app)`, supertest's `request(app)`). */
export type App = (req: IncomingMessage, res: ServerResponse) => void

export function createApp(deps: AppDeps): App {
  const { engine, logger } = deps
  const document = deps.document ?? loadDocument()
  const app = express()
  app.disable('x-powered-by')
  app.set('etag', false)
  app.set('case sensitive routing', true)
  const guardFor = (checked: OpenApiDocument): Guard | undefined =>
    deps.validateResponses
      ? {
          check: createReplyCheck(checked),
          report: (violations) =>
            logger?.error({ violations }, 'response does not match the document'),
        }
      : undefined
  const recorder = deps.recorder === 'off' ? undefined : (deps.recorder ?? createRecorder())
  const hooks = { guard: guardFor(document), record: recorder?.note }
  const logError = (error: unknown): void => logger?.error({ err: error }, 'request failed')
  const targets = faultTargetsOf(document)
  const faults =
    deps.faults === 'off'
      ? undefined
      : (deps.faults ?? createFaultBook(targets, { seed: DEFAULT_SEED }))
  const common = {
    engine,
    bodyLimit: maxBodyBytesOf(document),
    now: deps.now ?? (() => new Date()),
    newId: deps.newId ?? randomUUID,
  }

  // Access: DNS rebinding first; CORS on the API, never on the admin API or the inspector.
  const access = deps.access ?? {}
  const checkHost = createHostCheck(access.allowedHosts ?? [])

  // The document's operations: they are the traffic, served before (and without) Express.
  const onFirstUse = deps.compileOnFirstUse ?? deps.document === undefined
  const api = dispatchOperations(compileOperations(document, { onFirstUse }), {
    ...common,
    handlers: { ...HANDLERS, ...deps.handlers },
    hooks,
    faults: faults && { book: faults, targets: new Map(targets.map((t) => [t.operationId, t])) },
    enter: (req, res) => {
      if (req.method === 'OPTIONS') {
        // a preflight: answered here and now
        allowCors(req, res, () => undefined)
        return false
      }
      recorder?.stamp(res)
      allowSimpleCors(res)
      return true
    },
  })
  // Everything else but the admin API and the inspector: unknown paths (their 404 is recorded),
  // the reference and the documents.
  app.use((req, res, next) => {
    if (isAdminPath(req.path) || isInspectorPath(req.path)) {
      next()
      return
    }
    if (!isFacePath(req.path)) recorder?.stamp(res)
    allowCors(req, res, next)
  })

  // Admin: its own document, validated and checked like the API's
  const adminDocument = loadAdminDocument()

  // The pages: reference, documents, problem types, inspector
  app.use(createFace({ document, adminDocument, access, recorder: recorder ?? createRecorder(0) }))
  const adminHooks = { guard: guardFor(adminDocument), record: recorder?.note }
  const adminOperations = dispatchOperations(
    compileOperations(adminDocument, { onFirstUse: true }),
    {
      ...common,
      handlers: createAdminHandlers({
        engine,
        createData: deps.createData,
        faults,
        snapshots:
          deps.snapshots ??
          createNamedSnapshots(deps.snapshotsDir ?? join(tmpdir(), 'contacts-mock-snapshots')),
      }),
      hooks: adminHooks,
    },
  )
  const adminProblems = { logError, hooks: adminHooks }
  app.use(ADMIN_PATH, guardAdmin(access))
  app.use((req, res, next) => {
    if (!isAdminPath(req.path)) {
      next()
      return
    }
    const answer = (error: unknown): void => {
      answerError(error, req, res, adminProblems)
    }
    try {
      const served = adminOperations(req, res, req.path)
      if (served) served.catch(answer)
      else next()
    } catch (error) {
      answer(error)
    }
  })

  // Errors
  app.use((req) => {
    throw new HttpError(404, `There is no ${req.path} in this API.`)
  })
  app.use(createProblemHandler(logError, hooks))

  const log = logger && logRequests(logger)
  const problems = { logError, hooks }
  return (incoming, outgoing) => {
    log?.(incoming, outgoing)
    const { req, res } = adopt(incoming, outgoing)
    try {
      checkHost(req)
      const served = api(req, res, pathnameOf(req.url ?? '/'))
      if (served) {
        served.catch((error: unknown) => {
          answerError(error, req, res, problems)
        })
        return
      }
    } catch (error) {
      answerError(error, req, res, problems)
      return
    }
    app(req, res)
  }
}
