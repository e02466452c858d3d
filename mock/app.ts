// The mock composed: the two documents' operations, their handlers, the faults and the store,
// behind the transport-free core. Node's HTTP server (process/node-app.ts) and any other carrier
// start from here.
import { DEFAULT_SEED } from '../fixtures/identities.ts'
import { maxBodyBytesOf, type OpenApiDocument } from '../openapi/document.ts'
import { createAdminHandlers } from './handlers/admin/admin-handlers.ts'
import { createFaultBook, type FaultBook } from './faults/fault-book.ts'
import { faultTargetsOf } from './faults/fault-targets.ts'
import { HANDLERS } from './handlers/index.ts'
import { asPipelineHandlers, type Handlers } from './handlers/operation.ts'
import type { AdminAccess } from './pipeline/access/admin-guard.ts'
import { createCore, type Core, type CoreDeps } from './pipeline/core.ts'
import { createReplyCheck } from './pipeline/reply/reply-check.ts'
import { compileOperations, type ValidatorSource } from './pipeline/validate/compile-operations.ts'
import type { Data } from './shared/data.ts'
import { randomId } from './shared/secrets.ts'
import type { StorageEngine } from './store/repositories.ts'

/** Who may reach the mock: see pipeline/access/host-check.ts and admin-guard.ts. */
export interface Access extends AdminAccess {
  /** Host names accepted besides loopback names and IP addresses (`--allowed-host`, `--host`). */
  allowedHosts?: readonly string[]
}

/** Where the mock reports what is its own fault (a pino logger fits). */
export interface MockLogger {
  error: (details: object, message: string) => void
}

export interface MockDeps {
  engine: StorageEngine
  /** The data `POST /__admin/reset` restores (the fixtures). */
  createData: () => Data | Promise<Data>
  /** The Contacts API's document, and the admin API's. */
  document: OpenApiDocument
  adminDocument: OpenApiDocument
  /** Compile each validator on first use: for the package's own document, known to compile. */
  compileOnFirstUse?: boolean
  /** Where each document's validators come from: Ajv at run time unless given (the browser's). */
  validators?: { api?: ValidatorSource; admin?: ValidatorSource } | undefined
  logger?: MockLogger | undefined
  /** Replaces handlers by operationId (tests of the response check). */
  handlers?: Partial<Handlers>
  /** Check every answer against the document; a violation becomes a 500. */
  validateResponses?: boolean | undefined
  now?: () => Date
  newId?: () => string
  /** Unset: loopback names and IP addresses only, the admin API open on loopback. */
  access?: Access | undefined
  /** The fault rules and delays (by default none, drawing from the fixtures' seed); 'off' for none. */
  faults?: FaultBook | 'off'
  /** Paths the transport serves itself (Node's pages); the core leaves them. */
  pages?: CoreDeps['pages']
}

export interface Mock {
  core: Core
  /** The largest body the document lets a client send (`x-max-body-bytes`). */
  bodyLimit: number
}

export function createMock(deps: MockDeps): Mock {
  const { document, adminDocument, logger } = deps
  const targets = faultTargetsOf(document)
  const faults =
    deps.faults === 'off'
      ? undefined
      : (deps.faults ?? createFaultBook(targets, { seed: DEFAULT_SEED }))
  const onFirstUse = deps.compileOnFirstUse ?? false
  const core = createCore({
    api: {
      operations: compileOperations(document, { onFirstUse, source: deps.validators?.api }),
      handlers: asPipelineHandlers({ ...HANDLERS, ...deps.handlers }),
    },
    admin: {
      operations: compileOperations(adminDocument, {
        onFirstUse: true,
        source: deps.validators?.admin,
      }),
      handlers: asPipelineHandlers(
        createAdminHandlers({ engine: deps.engine, createData: deps.createData, faults }),
      ),
    },
    engine: deps.engine,
    allowedHosts: deps.access?.allowedHosts ?? [],
    adminAccess: deps.access ?? {},
    now: deps.now ?? (() => new Date()),
    newId: deps.newId ?? randomId,
    faults: faults && { book: faults, targets: new Map(targets.map((t) => [t.operationId, t])) },
    pages: deps.pages,
    replyChecks: deps.validateResponses
      ? { api: createReplyCheck(document), admin: createReplyCheck(adminDocument) }
      : undefined,
  })
  if (logger) {
    core.lifecycle.on('unhandledException', (_x, err) => {
      logger.error({ err }, 'request failed')
    })
  }
  return { core, bodyLimit: maxBodyBytesOf(document) }
}
