import type { OpenAPIV3_1 } from 'openapi-types'
import { HTTP_METHODS, resolveRef, type OpenApiDocument } from '../../openapi/document.ts'

/** An operation of the document as the faults see it: what it is called and what it declares. */
export interface FaultTarget {
  operationId: string
  method: string
  documentPath: string
  /** Its documented 2xx status: asking for it is asking for the normal answer. */
  success: number
  /** Every documented error status, with the headers its answer carries (e.g. Retry-After). */
  errors: ReadonlyMap<number, Record<string, string>>
}

type Header = OpenAPIV3_1.HeaderObject & { schema?: { examples?: unknown[]; example?: unknown } }

/** A value for a documented header: its schema's first example. */
function sampleOf(header: Header): string {
  const examples: unknown[] = [header.schema?.examples?.[0], header.schema?.example]
  const value = examples.find(
    (example) => typeof example === 'string' || typeof example === 'number',
  )
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '1'
}

/** The document's operations with their declared statuses, read once at start. */
export function faultTargetsOf(document: OpenApiDocument): FaultTarget[] {
  return Object.entries(document.paths ?? {}).flatMap(([documentPath, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = item?.[method]
      if (!operation?.operationId) return []
      const statuses = Object.entries(operation.responses).map(([code, response]) => {
        const resolved = resolveRef<OpenAPIV3_1.ResponseObject>(document, response)
        const headers = Object.entries(resolved.headers ?? {}).map(([name, header]) => [
          name,
          sampleOf(resolveRef<Header>(document, header)),
        ])
        return [Number(code), Object.fromEntries(headers) as Record<string, string>] as const
      })
      return [
        {
          operationId: operation.operationId,
          method: method.toUpperCase(),
          documentPath,
          success: statuses.find(([code]) => code < 300)?.[0] ?? 200,
          errors: new Map(statuses.filter(([code]) => code >= 400)),
        },
      ]
    }),
  )
}
