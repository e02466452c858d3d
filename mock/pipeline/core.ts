// The mock without its transport: a request as plain data in, an answer as plain data out. The
// order of checks the document states (its decisions) is the one list below; Node's HTTP server,
// a fetch function and a service worker are adapters around `handle`.
import { HttpError, problemReply, toHttpError } from '../shared/problem.ts'
import type { Reply } from '../shared/reply.ts'
import type { StorageEngine } from '../store/repositories.ts'
import { StoreError } from '../store/store-error.ts'
import type { AnyHandler } from '../handlers/operation.ts'
import { guardAdmin, isAdminPath, type AdminAccess } from './access/admin-guard.ts'
import { authenticate } from './access/authenticate.ts'
import { CORS_HEADERS, preflightReply } from './access/cors.ts'
import { createHostCheck } from './access/host-check.ts'
import { decodeBody } from './decode/read-body.ts'
import { parseQuery } from './decode/parse-query.ts'
import {
  headerOf,
  pathnameOf,
  searchOf,
  startExchange,
  type CoreRequest,
  type Exchange,
} from './exchange.ts'
import { createHandleSteps, type HandleDeps } from './handle.ts'
import { createLifecycle, type Lifecycle } from './lifecycle.ts'
import { storeProblem } from './reply/store-problem.ts'
import { createRoutes, findRoute } from './routes.ts'
import type { CompiledOperation } from './validate/compile-operations.ts'
import { validateBody, validatePath, validateQuery } from './validate/validate-request.ts'

/** A document's operations, and the handler of each (by operationId). */
export interface OperationSet {
  operations: readonly CompiledOperation[]
  handlers: Readonly<Record<string, AnyHandler>>
}

export interface CoreDeps extends HandleDeps {
  /** The Contacts API's operations, and the admin API's (under /__admin). */
  api: OperationSet
  admin: OperationSet
  /** Host names accepted besides loopback names and IP addresses. */
  allowedHosts: readonly string[]
  adminAccess: AdminAccess
  engine: StorageEngine
  /** Paths a transport serves itself (the pages of Node's server): `handle` leaves them. */
  isPagePath?: (path: string) => boolean
}

export interface Core {
  /** The answer to a request; undefined for a page path, which the transport serves itself. */
  handle: (request: CoreRequest) => Promise<Reply | undefined>
  lifecycle: Lifecycle
}

// A step returns a promise only when it waits: a fetch that waits for nothing costs no turn.
type Step = (x: Exchange) => Promise<void> | undefined

export function createCore(deps: CoreDeps): Core {
  const lifecycle = createLifecycle()
  const checkHost = createHostCheck(deps.allowedHosts)
  const apiRoutes = createRoutes(deps.api.operations, deps.api.handlers)
  const adminRoutes = createRoutes(deps.admin.operations, deps.admin.handlers)
  const isPagePath = deps.isPagePath ?? (() => false)
  const handle = createHandleSteps(deps)

  // The order of checks: each step may answer early, or throw the error that is the answer.
  const steps: readonly Step[] = [
    checkHostName, //         400 no Host; 403 a host name not served (DNS rebinding)
    guardAdminApi, //         the admin API: 403 another site, or no admin token; 415 a POST not JSON
    findOperation, //         400 a path id with a malformed escape; a page is the transport's
    answerPreflight, //       OPTIONS on the API: 204 with CORS
    checkPathAndMethod, //    404 no such path; 405, with Allow
    handle.planFaults, //     Prefer and fault rules: a delay; a fault before anything is done
    authenticateCaller, //    401 no valid token; 403 not a member of the org
    readBody, //              413 over the document's limit
    validatePathIds, //       404 an id of the wrong shape
    validateQueryString, //   400
    decodeRequestBody, //     400 a body the operation takes none of, not UTF-8, not JSON; 415
    validateRequestBody, //   422
    handle.runHandler, //     in a read or a durable write: 404, 409, 422 of the data; 503, 507
    handle.faultAfter, //     a fault after the request was handled
  ]

  function checkHostName(x: Exchange): undefined {
    checkHost(x.request.headers)
  }

  function guardAdminApi(x: Exchange): undefined {
    x.admin = isAdminPath(x.path)
    if (x.admin) guardAdmin(x.request, deps.adminAccess)
  }

  function findOperation(x: Exchange): undefined {
    const { admin } = x
    const found = findRoute(admin ? adminRoutes : apiRoutes, x.path)
    // the API's paths come first, as they are most of the traffic; no page has one of them
    if (!found && !admin && isPagePath(x.path)) {
      x.page = true
      return
    }
    x.cors = !admin
    x.recorded = !admin && x.request.method !== 'OPTIONS'
    x.route = found?.value
    x.params = found?.params ?? {}
    const method = x.request.method === 'HEAD' ? 'GET' : x.request.method
    x.operation = found?.value.operations.get(method)?.operation
  }

  function answerPreflight(x: Exchange): undefined {
    if (x.cors && x.request.method === 'OPTIONS') x.reply = preflightReply(x.request.headers)
  }

  function checkPathAndMethod(x: Exchange): undefined {
    if (!x.route) throw new HttpError(404, `There is no ${x.path} in this API.`)
    if (!x.operation) {
      const { allow } = x.route
      throw new HttpError(405, `${x.request.method} is not allowed here; use ${allow}.`, {
        headers: { Allow: allow },
      })
    }
  }

  async function authenticateCaller(x: Exchange): Promise<void> {
    if (!operationOf(x).secured) return
    const authorization = headerOf(x.request.headers, 'authorization')
    const now = deps.now().toISOString()
    const orgId = x.params['org_id']
    x.caller = await deps.engine.read((repositories) =>
      authenticate(repositories, authorization, orgId, now),
    )
  }

  function readBody(x: Exchange): Promise<void> | undefined {
    const { hasBody } = x.request
    if (operationOf(x).body) {
      return x.request.body().then((raw) => {
        x.rawBody = raw
      })
    }
    // an operation without a body never reads one: decodeBody answers its presence with a 400
    // (a transport that cannot tell whether one was sent looks at its first bytes only)
    if (typeof hasBody !== 'function') return undefined
    return hasBody().then((sent) => {
      x.bodySent = sent
    })
  }

  function validatePathIds(x: Exchange): undefined {
    x.params = validatePath(operationOf(x), x.params)
  }

  function validateQueryString(x: Exchange): undefined {
    const url = x.request.originalUrl ?? x.request.url
    x.query = validateQuery(operationOf(x), parseQuery(searchOf(url)))
  }

  function decodeRequestBody(x: Exchange): undefined {
    x.decoded = decodeBody(operationOf(x), x.request, x.rawBody, x.bodySent)
  }

  function validateRequestBody(x: Exchange): undefined {
    x.body = validateBody(operationOf(x), x.decoded)
  }

  function answerError(error: unknown, x: Exchange): Reply {
    const problem = error instanceof StoreError ? storeProblem(error) : toHttpError(error)
    if (problem.status >= 500) lifecycle.error(error, x)
    return problemReply(problem, pathnameOf(x.request.originalUrl ?? x.request.url))
  }

  return {
    lifecycle,
    async handle(request) {
      const x = startExchange(request)
      let reply: Reply
      try {
        for (const step of steps) {
          const pending = step(x)
          if (pending instanceof Promise) await pending
          if (x.reply !== undefined || x.page) break
        }
        if (x.page) return undefined
        // an early answer is final: a preflight, a broken connection
        if (x.reply !== undefined) {
          if (x.reply.network === undefined) lifecycle.response(x, x.reply)
          return x.reply
        }
        reply = x.handled ?? answerError(new Error('no step answered'), x)
      } catch (error) {
        reply = answerError(error, x)
      }
      // every reply's headers are its own object: CORS goes in without a copy
      if (x.cors) for (const name in CORS_HEADERS) reply.headers[name] ??= CORS_HEADERS[name] ?? ''
      const sent = lifecycle.send(x, reply)
      lifecycle.response(x, sent)
      return sent
    },
  }
}

/** The operation the steps after checkPathAndMethod work on. */
function operationOf(x: Exchange): CompiledOperation {
  if (!x.operation) throw new Error('the operation is known after checkPathAndMethod')
  return x.operation
}
