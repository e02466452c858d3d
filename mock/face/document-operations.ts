import type { OpenApiDocument } from '../../openapi/document.ts'
import { isNamed, modelOf, type NamedOperation } from '../../openapi/document-model.ts'

/** Every operation of a document the mock serves (those with an operationId), in its order. */
export const listOperations = (document: OpenApiDocument): NamedOperation[] =>
  modelOf(document).operations.filter(isNamed)

/** What a page calls an operation: its summary, else its operationId. */
export const summaryOf = (operation: NamedOperation): string =>
  operation.summary ?? operation.operationId

const slugOf = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '-')

/**
 * Where the reference page shows an operation: the renderer's own anchors,
 * `#<document>/tag/<tag>/<METHOD><path>`.
 */
export function referenceLinkOf(operation: NamedOperation, source: 'api' | 'admin'): string {
  return `/#${source}/tag/${slugOf(operation.tag ?? 'default')}/${operation.method}${operation.template}`
}
