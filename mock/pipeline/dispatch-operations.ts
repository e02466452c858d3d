import { setTimeout as sleep } from 'node:timers/promises'
import express from 'express'
import { authenticate } from './access/authenticate.ts'
import type { CompiledOperation } from './validate/compile-operations.ts'
import type { ApiRequest, ApiResponse } from './exchange.ts'
import { breakConnection } from '../faults/break-connection.ts'
import type { FaultBook, FaultPlan } from '../faults/fault-book.ts'
import type { FaultTarget } from '../faults/fault-targets.ts'
import type { AnyHandler } from '../handlers/operation.ts'
import { matchPath, toTemplate } from './operation-paths.ts'
import { parseQuery } from './decode/parse-query.ts'
import { HttpError } from '../shared/problem.ts'
import { readBody } from './decode/read-body.ts'
import type { StorageEngine } from '../store/repositories.ts'
import { sendReply, type ReplyHooks } from './reply/send-reply.ts'
import { validateBody, validatePath, validateQuery } from './validate/validate-request.ts'

export interface OperationDeps {
  engine: StorageEngine
  /** One handler per operationId of the document (Handlers, or the admin API's). */
  handlers: Readonly<Record<string, unknown>>
  bodyLimit: number
  now: () => Date
  newId: () => string
  /** The response check and the inspector's record, for answers and problems alike. */
  hooks: ReplyHooks
  /**
   * Runs first for each request whose path is one of the operations'; false when it answered the
   * request itself (a CORS preflight).
   */
  enter?: (req: ApiRequest, res: ApiResponse) => boolean
  /** Simulated latency and failures (the Contacts API's operations only). */
  faults?: { book: FaultBook; targets: ReadonlyMap<string, FaultTarget> }
}

const searchOf = (url: string): string => {
  const index = url.indexOf('?')
  return index === -1 ? '' : url.slice(index + 1)
}

const JSON_TYPE = 'application/json; charset=utf-8'

/** Answers a fault: a documented error status (a problem), or a broken connection. */
function fail(req: ApiRequest, plan: FaultPlan, target: FaultTarget): void {
  const { respond } = plan
  if (!respond) return
  if ('network' in respond) {
    breakConnection(req, respond.network)
    return
  }
  const done = plan.when === 'after' ? 'the request was handled first' : 'nothing was done'
  throw new HttpError(respond.status, `Simulated by ${plan.cause}; ${done}.`, {
    headers: target.errors.get(respond.status) ?? {},
  })
}

/**
 * One operation's pipeline, in the documented order of checks: 401/403, then the body's size
 * (413), path ids (404), query (400), body (415/400/422); then the handler, as a read or as a
 * write that is durable before it is answered; then the answer, checked against the document.
 */
function createPipeline(operation: CompiledOperation, deps: OperationDeps) {
  type BodyReader = (req: ApiRequest, res: ApiResponse, next: (error?: unknown) => void) => void
  const rawParser: BodyReader = express.raw({ type: () => true, limit: deps.bodyLimit })
  const readRaw = (req: ApiRequest, res: ApiResponse): Promise<void> =>
    new Promise((resolve, reject) => {
      rawParser(req, res, (error?: unknown) => {
        if (error === undefined) resolve()
        else reject(error instanceof Error ? error : new Error('the body could not be read'))
      })
    })
  // The validators were compiled from this operation's part of the document, so what they let
  // through is this operation's input: the one place where the id and the input are joined.
  const found = deps.handlers[operation.operationId]
  if (typeof found !== 'function') throw new Error(`no handler for ${operation.operationId}`)
  const handler = found as AnyHandler
  const run = operation.method === 'get' ? deps.engine.read : deps.engine.write
  const target = deps.faults?.targets.get(operation.operationId)

  return async (
    req: ApiRequest,
    res: ApiResponse,
    params: Record<string, string>,
  ): Promise<void> => {
    res.locals['operation'] = operation
    // the fast path: one comparison when no fault, delay or Prefer applies
    const prefer = req.headers['prefer']
    const plan =
      target && deps.faults?.book.plan(target, Array.isArray(prefer) ? prefer.join(', ') : prefer)
    if (plan) {
      if (plan.delayMs > 0) await sleep(plan.delayMs)
      if (plan.when === 'before' && plan.respond) {
        fail(req, plan, target)
        return
      }
    }
    const caller = operation.secured
      ? await deps.engine.read((repositories) =>
          authenticate(
            repositories,
            req.headers.authorization,
            params['org_id'],
            deps.now().toISOString(),
          ),
        )
      : undefined
    // an operation without a body never reads one: readBody answers its presence with a 400
    if (operation.body) await readRaw(req, res)
    const path = validatePath(operation, params)
    const query = validateQuery(operation, parseQuery(searchOf(req.originalUrl)))
    const body = validateBody(operation, readBody(operation, req))
    const input = {
      user: caller?.user,
      token: caller?.token,
      path,
      query,
      body,
      now: () => deps.now().toISOString(),
      newId: deps.newId,
    }
    const reply = await run((repositories) => handler(input, repositories))
    if (plan?.when === 'after' && plan.respond && target) {
      fail(req, plan, target)
      return
    }
    const headers = { ...reply.headers }
    let text = ''
    if ('body' in reply) {
      headers['Content-Type'] = JSON_TYPE
      text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body)
    }
    sendReply(req, res, { status: reply.status, headers, text }, deps.hooks)
  }
}

interface PathOperations {
  pipelines: Map<string, ReturnType<typeof createPipeline>>
  /** The methods of the path, for a 405's Allow header. */
  allow: string
}

/**
 * Serves a request when its path is one of the operations' (this is the hot path of bench/):
 * the promise settles once it is answered, rejecting with the error to answer as a problem.
 * Undefined for any other path, which the caller passes on. Throws, before anything is done, a
 * 400 for a path id with a malformed escape and a 405 for a method the path has not (listing
 * those it has).
 */
export type OperationDispatch = (
  req: ApiRequest,
  res: ApiResponse,
  pathname: string,
) => Promise<void> | undefined

export function dispatchOperations(
  operations: CompiledOperation[],
  deps: OperationDeps,
): OperationDispatch {
  const templates = [...new Set(operations.map((operation) => operation.documentPath))].map(
    (documentPath) => {
      const own = operations.filter((operation) => operation.documentPath === documentPath)
      const methods = own.map((operation) => operation.method.toUpperCase())
      const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS']
      const pipelines = new Map(
        own.map((operation) => [operation.method.toUpperCase(), createPipeline(operation, deps)]),
      )
      return toTemplate<PathOperations>(documentPath, { pipelines, allow: allow.join(', ') })
    },
  )
  return (req, res, pathname) => {
    const found = matchPath(templates, pathname)
    if (!found) return undefined
    if (deps.enter && !deps.enter(req, res)) return Promise.resolve()
    const { pipelines, allow } = found.value
    const pipeline = pipelines.get(req.method === 'HEAD' ? 'GET' : (req.method ?? ''))
    if (!pipeline) {
      throw new HttpError(405, `${String(req.method)} is not allowed here; use ${allow}.`, {
        headers: { Allow: allow },
      })
    }
    return pipeline(req, res, found.params)
  }
}
