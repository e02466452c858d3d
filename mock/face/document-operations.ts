import { HTTP_METHODS, type OpenApiDocument } from '../../openapi/document.ts'

export interface DocumentOperation {
  operationId: string
  method: string
  path: string
  summary: string
  tag: string
  /** The statuses the document lists for it. */
  statuses: number[]
}

/** Every operation of a document, in its order, with what a page says of it. */
export function listOperations(document: OpenApiDocument): DocumentOperation[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = item?.[method]
      if (!operation?.operationId) return []
      return [
        {
          operationId: operation.operationId,
          method: method.toUpperCase(),
          path,
          summary: operation.summary ?? operation.operationId,
          tag: operation.tags?.[0] ?? 'default',
          statuses: Object.keys(operation.responses).map(Number),
        },
      ]
    }),
  )
}

const slugOf = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '-')

/**
 * Where the reference page shows an operation: the renderer's own anchors,
 * `#<document>/tag/<tag>/<METHOD><path>`.
 */
export function referenceLinkOf(operation: DocumentOperation, source: 'api' | 'admin'): string {
  return `/#${source}/tag/${slugOf(operation.tag)}/${operation.method}${operation.path}`
}
