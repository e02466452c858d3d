import type { operations } from '../../openapi/types.ts'
import type { OperationId } from '../compile-operations.ts'
import type { User } from '../data.ts'
import type { Store } from '../store.ts'

/** What a handler gets: a request already authenticated and validated against the document. */
export interface OperationContext {
  user: User
  params: Record<string, string>
  query: Record<string, unknown>
  body: unknown
  /** ISO 8601 UTC with milliseconds */
  now: () => string
  newId: () => string
}

export interface Reply {
  status: number
  body?: unknown
  /** The body already serialized (records cache their JSON); sent instead of `body`. */
  json?: string
  headers?: Record<string, string>
}

export type OperationHandler = (context: OperationContext, store: Store) => Reply | Promise<Reply>
export type Handlers = Record<OperationId, OperationHandler>

/** The query of an operation, as the document types it, after defaults are applied. */
export type QueryOf<Id extends OperationId> = NonNullable<operations[Id]['parameters']['query']>

type ContentOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never
/** The (validated) request body of an operation, as the document types it. */
export type BodyOf<Id extends OperationId> = ContentOf<NonNullable<operations[Id]['requestBody']>>
