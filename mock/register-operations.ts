import express, { type Request, type Response, type Router } from 'express'
import { authenticate } from './authenticate.ts'
import type { CompiledOperation } from './compile-operations.ts'
import type { Handlers, OperationContext } from './handlers/operation.ts'
import { parseQuery } from './parse-query.ts'
import { HttpError } from './problem.ts'
import { readBody } from './read-body.ts'
import type { Store } from './store.ts'

export interface OperationDeps {
  store: Store
  handlers: Handlers
  bodyLimit: number
  now: () => Date
  newId: () => string
}

// Our routes have named parameters only, never wildcards (string[]).
const paramsOf = (req: Request): Record<string, string> => req.params as Record<string, string>

const searchOf = (url: string): string => {
  const index = url.indexOf('?')
  return index === -1 ? '' : url.slice(index + 1)
}

/**
 * Mounts every operation of the document on its path, in the documented order of checks:
 * 401/403, then the body's size (413), path ids (404), query (400), body (415/400/422).
 * A known path with another method is a 405 listing the methods it has.
 */
export function registerOperations(
  router: Router,
  operations: CompiledOperation[],
  deps: OperationDeps,
): void {
  type Middleware = (req: Request, res: Response, next: (error?: unknown) => void) => void
  const rawParser: Middleware = express.raw({ type: () => true, limit: deps.bodyLimit })
  const readRaw = (req: Request, res: Response): Promise<void> =>
    new Promise((resolve, reject) => {
      rawParser(req, res, (error?: unknown) => {
        if (error === undefined) resolve()
        else reject(error instanceof Error ? error : new Error('the body could not be read'))
      })
    })
  const paths = new Set(operations.map((operation) => operation.documentPath))
  for (const documentPath of paths) {
    const pathOperations = operations.filter((operation) => operation.documentPath === documentPath)
    // One route per path (Express dispatches on the method inside it) and one handler per
    // operation, running the documented order of checks: this is the hot path of bench/.
    const route = router.route(documentPath.replace(/\{([^}]+)\}/g, ':$1'))
    for (const operation of pathOperations) {
      route[operation.method](async (req: Request, res: Response) => {
        res.locals['operation'] = operation
        const params = paramsOf(req)
        const user = authenticate(deps.store, req.headers.authorization, params['org_id'])
        // an operation without a body never reads one: readBody answers its presence with a 400
        if (operation.body) await readRaw(req, res)
        if (!operation.validatePath(params)) {
          throw new HttpError(404, 'No such record: an id in the path is not valid.')
        }
        const context: OperationContext = {
          user,
          params,
          query: operation.parseQuery(parseQuery(searchOf(req.originalUrl))),
          body: readBody(operation, req),
          now: () => deps.now().toISOString(),
          newId: deps.newId,
        }
        const result = deps.handlers[operation.operationId](context, deps.store)
        const reply = result instanceof Promise ? await result : result
        res.status(reply.status).set(reply.headers ?? {})
        if (reply.json !== undefined) {
          res.setHeader('Content-Type', 'application/json; charset=utf-8')
          res.send(reply.json)
        } else if (reply.body === undefined) res.send()
        else res.json(reply.body)
      })
    }
    const methods = pathOperations.map((operation) => operation.method.toUpperCase())
    const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ')
    route.all((req) => {
      throw new HttpError(405, `${req.method} is not allowed here; use ${allow}.`, {
        headers: { Allow: allow },
      })
    })
  }
}
