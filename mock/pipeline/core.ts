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
  type Facts,
  type Known,
  type Received,
} from './exchange.ts'
import { createHandleSteps, type HandleDeps } from './handle.ts'
import { createLifecycle, type Lifecycle } from './lifecycle.ts'
import type { ReplyCheck } from './reply/reply-check.ts'
import { storeProblem } from './reply/store-problem.ts'
import { createRoutes, findRoute } from './routes.ts'
import { listSteps, type Awaitable, type Finish } from './steps.ts'
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
  /**
   * Paths a transport serves itself (the pages of Node's server): `handle` leaves them, after
   * answering their preflight, but for the guarded ones (the inspector's), which get no CORS.
   */
  pages?: { isPage: (path: string) => boolean; isGuarded: (path: string) => boolean }
  /** Each document's answers checked before they leave (`validateResponses`). */
  replyChecks?: { api: ReplyCheck; admin: ReplyCheck } | undefined
}

export interface Core {
  /** The answer to a request; undefined for a page path, which the transport serves itself. */
  handle: (request: CoreRequest) => Promise<Reply | undefined>
  lifecycle: Lifecycle
}

/** The 404 of a path that no operation (nor page) has, whoever answers it. */
export const noSuchPath = (path: string): HttpError =>
  new HttpError(404, `There is no ${path} in this API.`)

/** What a check answers for a page: the core leaves it to the transport. */
const PAGE: Reply = { status: 0, headers: {}, text: '' }
const NO_ROUTE: Facts['found'] = Object.freeze({ value: undefined, params: Object.freeze({}) })

export function createCore(deps: CoreDeps): Core {
  const lifecycle = createLifecycle()
  const { tell } = lifecycle
  const checkHost = createHostCheck(deps.allowedHosts)
  const apiRoutes = createRoutes(deps.api.operations, deps.api.handlers)
  const adminRoutes = createRoutes(deps.admin.operations, deps.admin.handlers)
  const { isPage, isGuarded } = deps.pages ?? { isPage: () => false, isGuarded: () => false }
  const handle = createHandleSteps(deps)
  // left out unless validateResponses
  const checkResponse = deps.replyChecks && checkReplies(deps.replyChecks)

  // The order of checks. Each step reads what the steps before it learnt (the compiler holds their
  // order), and throws the error that is the answer, or answers early (a preflight, a broken
  // connection), or learns one fact more; every other answer, an error's too, then goes out
  // through the last steps.
  const pipeline = listSteps()
    .check(checkHostName) //                 400 no Host; 403 a host name not served (DNS rebinding)
    .learn('admin', guardAdminApi) //        the admin API: 403 another site, or no admin token; 415 a POST not JSON
    .learn('found', findPath) //             400 a path id with a malformed escape
    .learn('cors', allowsCors) //            from here on an API answer carries CORS, an error's too
    .check(answerPreflight) //               OPTIONS on the API or a page: 204 with CORS
    .check(leavePage) //                     a page is the transport's
    .learn('target', findOperation) //       404 no such path; 405, with Allow (HEAD is GET)
    .learn('plan', handle.planFaults) //     Prefer and fault rules: a delay...
    .check(handle.faultBefore) //            ...and a fault before anything is done
    .learn('caller', authenticateCaller) //  401 no valid token; 403 not a member of the org
    .learn('received', readBody) //          413 over the document's limit
    .learn('params', validatePathIds) //     404 an id of the wrong shape
    .learn('query', validateQueryString) //  400
    .learn('decoded', decodeRequestBody) //  400 a body the operation takes none of, not UTF-8, not JSON; 415
    .learn('body', validateRequestBody) //   422
    .learn('handled', handle.runHandler) //  in a read or a durable write: 404, 409, 422 of the data; 503, 507
    .check(handle.faultAfter) //             a fault after the request was handled
    .answer(
      (x) => x.handled,
      addCors, //                            the CORS headers learnt above
      checkResponse, //                      500 naming how the answer drifts from its document
    )

  function checkHostName(x: Received): undefined {
    checkHost(x.request.headers)
  }

  function guardAdminApi(x: Received): boolean {
    const admin = isAdminPath(x.path)
    if (admin) guardAdmin(x.request, deps.adminAccess)
    return admin
  }

  function findPath(x: Known<'admin'>): Facts['found'] {
    return findRoute(x.admin ? adminRoutes : apiRoutes, x.path) ?? NO_ROUTE
  }

  function allowsCors(x: Known<'admin' | 'found'>): boolean {
    // the API's paths come first, as they are most of the traffic; no page has one of them
    return !x.admin && (x.found.value !== undefined || !isGuarded(x.path))
  }

  function answerPreflight(x: Known<'cors'>): Reply | undefined {
    return x.cors && x.request.method === 'OPTIONS' ? preflightReply(x.request.headers) : undefined
  }

  function leavePage(x: Known<'admin' | 'found'>): Reply | undefined {
    return x.found.value === undefined && !x.admin && isPage(x.path) ? PAGE : undefined
  }

  function findOperation(x: Known<'found'>): Facts['target'] {
    const route = x.found.value
    if (!route) throw noSuchPath(x.path)
    // HEAD is answered by GET's handler; the transport leaves the body out
    const target = route.operations.get(x.request.method === 'HEAD' ? 'GET' : x.request.method)
    if (target) return target
    throw new HttpError(405, `${x.request.method} is not allowed here; use ${route.allow}.`, {
      headers: { Allow: route.allow },
    })
  }

  function authenticateCaller(x: Known<'found' | 'target'>): Awaitable<Facts['caller']> {
    if (!x.target.operation.secured) return undefined
    const authorization = headerOf(x.request.headers, 'authorization')
    const now = deps.now().toISOString()
    const orgId = x.found.params['org_id']
    return deps.engine.read((repositories) => authenticate(repositories, authorization, orgId, now))
  }

  function readBody(x: Known<'target'>): Awaitable<Facts['received']> {
    if (x.target.operation.body) return x.request.body()
    // an operation without a body never reads one: decodeBody answers its presence with a 400
    // (a transport that cannot tell whether one was sent looks at its first bytes only)
    const { hasBody } = x.request
    return typeof hasBody === 'function' ? hasBody() : hasBody
  }

  function validatePathIds(x: Known<'found' | 'target'>): Facts['params'] {
    return validatePath(x.target.operation, x.found.params)
  }

  function validateQueryString(x: Known<'target'>): Facts['query'] {
    const url = x.request.originalUrl ?? x.request.url
    return validateQuery(x.target.operation, parseQuery(searchOf(url)))
  }

  function decodeRequestBody(x: Known<'target' | 'received'>): Facts['decoded'] {
    return decodeBody(x.target.operation, x.request, x.received)
  }

  function validateRequestBody(x: Known<'target' | 'decoded'>): unknown {
    return validateBody(x.target.operation, x.decoded)
  }

  function addCors(x: Exchange, reply: Reply): Reply {
    // every reply's headers are its own object: CORS goes in without a copy
    if (x.cors) for (const name in CORS_HEADERS) reply.headers[name] ??= CORS_HEADERS[name] ?? ''
    return reply
  }

  function checkReplies(check: NonNullable<CoreDeps['replyChecks']>): Finish {
    return (x, reply) => {
      const { method } = x.request
      if (method === 'HEAD') return reply
      const documented = x.target !== undefined
      const drift = (x.cors ? check.api : check.admin)({ method, path: x.path, documented, reply })
      if (drift === undefined) return reply
      tell('unhandledException', x, drift)
      return problemReply(drift)
    }
  }

  function answerError(error: unknown, x: Exchange): Reply {
    const problem = error instanceof StoreError ? storeProblem(error) : toHttpError(error)
    if (problem.status >= 500) tell('unhandledException', x, error)
    return problemReply(problem, pathnameOf(x.request.originalUrl ?? x.request.url))
  }

  let count = 0
  return {
    lifecycle,
    async handle(request) {
      const x = startExchange(request, ++count)
      // the facts as the loop writes them: the list's type holds that each is its step's
      const facts: Record<keyof Facts, unknown> = x
      tell('request:start', x, undefined)
      let reply: Reply
      try {
        for (const step of pipeline.steps) {
          if (step.fact === undefined) {
            let early = step.run(x)
            if (early instanceof Promise) early = await early
            if (early === undefined) continue
            // an early answer is final: a preflight, a broken connection
            if (early === PAGE) return undefined
            if (early.network === undefined) tell('response:mocked', x, early)
            return early
          }
          let learnt = step.run(x)
          if (learnt instanceof Promise) learnt = await learnt
          facts[step.fact] = learnt
        }
        reply = pipeline.answer(x)
      } catch (error) {
        reply = answerError(error, x)
      }
      for (const step of pipeline.finish) reply = step(x, reply)
      tell('response:mocked', x, reply)
      return reply
    },
  }
}
