import type { operations } from '../../openapi/types.ts'
import type { User } from '../data.ts'
import type { Repositories } from '../repositories.ts'

export type OperationId = keyof operations
type Operation<Id extends OperationId> = operations[Id]

/** JSON text known to hold a `T` (records cache their JSON, so lists are joined, not serialized). */
export type Json<T> = string & { readonly __json: T }

/** The path parameters of an operation, as the document types them. */
export type PathOf<Id extends OperationId> = Operation<Id>['parameters']['path']

/** The query of an operation, as the document types it, after its defaults are applied. */
export type QueryOf<Id extends OperationId> = NonNullable<Operation<Id>['parameters']['query']>

type ContentOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : undefined
/** The validated request body of an operation, as the document types it. */
export type BodyOf<Id extends OperationId> = ContentOf<Operation<Id>['requestBody']>

type Responses<Id extends OperationId> = Operation<Id>['responses']
type Success = 200 | 201 | 204
type ReplyFor<R, S> = R extends { content: { 'application/json': infer Body } }
  ? { status: S; body: Body | Json<Body>; headers?: Record<string, string> }
  : { status: S; headers?: Record<string, string> }

/** What a handler answers: one of the operation's documented successes, with its body. */
export type ReplyOf<Id extends OperationId> = {
  [S in keyof Responses<Id> & Success]: ReplyFor<Responses<Id>[S], S>
}[keyof Responses<Id> & Success]

/** What a handler gets: a request already authenticated and validated against the document. */
export interface Input<Id extends OperationId> {
  user: User
  path: PathOf<Id>
  query: QueryOf<Id>
  body: BodyOf<Id>
  /** ISO 8601 UTC with milliseconds */
  now: () => string
  newId: () => string
}

export type Handler<Id extends OperationId> = (
  input: Input<Id>,
  repositories: Repositories,
) => Promise<ReplyOf<Id>>

/** One handler per operationId of the document; the type makes a missing one a compile error. */
export type Handlers = { [Id in OperationId]: Handler<Id> }

/** `page` and `limit` after the document's defaults (applied by the compiled query validator). */
export function pagingOf(query: { page?: number; limit?: number }): {
  page: number
  limit: number
} {
  const { page, limit } = query
  if (page === undefined || limit === undefined) {
    throw new Error('page and limit must carry the defaults of openapi/openapi.yaml')
  }
  return { page, limit }
}

/** A handler as the pipeline calls it: any operation's, its input validated for that operation. */
export type AnyHandler = (
  input: Input<OperationId>,
  repositories: Repositories,
) => Promise<{ status: number; body?: unknown; headers?: Record<string, string> }>
