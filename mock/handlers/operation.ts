import type { operations } from '../../openapi/types.ts'
import type { User } from '../shared/data.ts'
import type { Repositories } from '../store/repositories.ts'

/** The operations of a document, as openapi-typescript writes them. */
interface OperationTypes {
  parameters: { path?: unknown; query?: unknown }
  requestBody?: unknown
  responses: object
}
export type OperationId = keyof operations

/** JSON text known to hold a `T` (records cache their JSON, so lists are joined, not serialized). */
export type Json<T> = string & { readonly __json: T }

type ContentOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : undefined
type Success = 200 | 201 | 204
type ReplyFor<R, S> = R extends { content: { 'application/json': infer Body } }
  ? { status: S; body: Body | Json<Body>; headers?: Record<string, string> }
  : { status: S; headers?: Record<string, string> }
type RepliesOf<O extends OperationTypes> = {
  [S in keyof O['responses'] & Success]: ReplyFor<O['responses'][S], S>
}[keyof O['responses'] & Success]

/** What a handler gets: a request already authenticated and validated against its document. */
export interface InputOf<O extends OperationTypes, U = User> {
  /** The token's user (none on operations without security: the admin API, login). */
  user: U
  /** The bearer token the request came with, on operations with security. */
  token: string | undefined
  path: O['parameters']['path']
  query: NonNullable<O['parameters']['query']>
  body: ContentOf<O['requestBody']>
  /** ISO 8601 UTC with milliseconds */
  now: () => string
  newId: () => string
}

/** A handler of `Id` in document `D`: its input and its answers are the document's types. */
export type HandlerIn<D extends Record<keyof D, OperationTypes>, Id extends keyof D, U = User> = (
  input: InputOf<D[Id], U>,
  repositories: Repositories,
) => Promise<RepliesOf<D[Id]>>

export type Input<Id extends OperationId> = InputOf<operations[Id]>
export type Handler<Id extends OperationId> = HandlerIn<operations, Id>

/** One handler per operationId of the document; the type makes a missing one a compile error. */
export type Handlers = { [Id in OperationId]: Handler<Id> }

/** A handler as the pipeline calls it: any operation's, its input validated for that operation. */
export type AnyHandler = (
  input: {
    user: User | undefined
    token: string | undefined
    path: Record<string, string>
    query: Record<string, unknown>
    body: unknown
    now: () => string
    newId: () => string
  },
  repositories: Repositories,
) => Promise<{ status: number; body?: unknown; headers?: Record<string, string> }>

/**
 * A document's typed handlers as the pipeline calls them, by operationId. The one place where the
 * types are let go: the pipeline calls each with the input its operation's validators let through,
 * which is what the operation's type says (routes.ts joins them by operationId).
 */
export function asPipelineHandlers(handlers: object): Record<string, AnyHandler> {
  return handlers as unknown as Record<string, AnyHandler>
}

/** A value the validator gives the document's default: a missing one is a bug, not a user error. */
export function defaulted<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`${name} must carry the default of its document`)
  return value
}

/** `page` and `limit` after the document's defaults (applied by the compiled query validator). */
export const pagingOf = (query: { page?: number; limit?: number }) => ({
  page: defaulted(query.page, 'page'),
  limit: defaulted(query.limit, 'limit'),
})
