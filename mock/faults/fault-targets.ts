import type { OpenAPIV3_1 } from 'openapi-types'
import type { OpenApiDocument } from '../../openapi/document.ts'
import { isNamed, modelOf } from '../../openapi/document-model.ts'

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

type Schema = OpenAPIV3_1.SchemaObject & { examples?: unknown[]; example?: unknown }

/** A value for a documented header: its schema's first example. */
function sampleOf(schema: Schema): string {
  const examples: unknown[] = [schema.examples?.[0], schema.example]
  const value = examples.find(
    (example) => typeof example === 'string' || typeof example === 'number',
  )
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '1'
}

/** The document's operations with their declared statuses, read once at start. */
export function faultTargetsOf(document: OpenApiDocument): FaultTarget[] {
  return modelOf(document)
    .operations.filter(isNamed)
    .map(({ operationId, method, template, responses }) => {
      const statuses = responses.flatMap(({ status, headers }) =>
        status === undefined
          ? []
          : [
              [
                status,
                Object.fromEntries(headers.map(({ name, schema }) => [name, sampleOf(schema)])),
              ] as const,
            ],
      )
      return {
        operationId,
        method,
        documentPath: template,
        success: statuses.find(([code]) => code < 300)?.[0] ?? 200,
        errors: new Map(statuses.filter(([code]) => code >= 400)),
      }
    })
}
