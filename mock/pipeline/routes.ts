import { matchPath, toTemplate, type PathTemplate } from '../../openapi/path-templates.ts'
import type { AnyHandler as Handler } from '../handlers/operation.ts'
import { HttpError } from '../shared/problem.ts'
import type { CompiledOperation } from './validate/compile-operations.ts'

/** The operations of one path of a document, with what runs each. */
export interface Route {
  /** By method in upper case; HEAD is answered by GET's. */
  operations: ReadonlyMap<string, { operation: CompiledOperation; handler: Handler }>
  /** The methods of the path, for a 405's Allow header. */
  allow: string
}

/**
 * The paths of a document's operations, ready to match request paths, each operation joined to its
 * handler: the validators were compiled from the operation's part of the document, so what they
 * let through is its handler's input. A handler missing for an operation stops the start, and so
 * does an operation of the mock missing from the document: a start and a --watch reload both
 * refuse a document that would answer 404 to a path the mock serves.
 */
export function createRoutes(
  operations: readonly CompiledOperation[],
  handlers: Readonly<Record<string, Handler>>,
): PathTemplate<Route>[] {
  const documented = new Set<string>(operations.map((operation) => operation.operationId))
  const missing = Object.keys(handlers).filter((operationId) => !documented.has(operationId))
  if (missing.length > 0) {
    throw new Error(`the document has no operation ${missing.join(', ')}, which the mock serves`)
  }
  const paths = [...new Set(operations.map((operation) => operation.documentPath))]
  return paths.map((documentPath) => {
    const own = operations.filter((operation) => operation.documentPath === documentPath)
    const methods = own.map((operation) => operation.method.toUpperCase())
    const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS']
    const entries = own.map((operation) => {
      const handler = handlers[operation.operationId]
      if (handler === undefined) throw new Error(`no handler for ${operation.operationId}`)
      return [operation.method.toUpperCase(), { operation, handler }] as const
    })
    return toTemplate<Route>(documentPath, {
      operations: new Map(entries),
      allow: allow.join(', '),
    })
  })
}

/** The route a request path names; a path id with a malformed escape is the client's 400. */
export function findRoute(routes: readonly PathTemplate<Route>[], path: string) {
  const found = matchPath(routes, path)
  // as Express's router answered it
  if (found?.undecodable !== undefined) {
    throw new HttpError(
      400,
      `The request could not be read: Failed to decode param '${found.undecodable}'`,
    )
  }
  return found
}
