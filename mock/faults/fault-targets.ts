import type { OpenAPIV3_1 } from 'openapi-types'
import type { OpenApiDocument } from '../../openapi/document.ts'
import { isNamed, modelOf, type NamedOperation } from '../../openapi/document-model.ts'

/** An operation of the document as the faults see it: the statuses it declares. */
export interface FaultTarget extends NamedOperation {
  /** Its documented 2xx status: asking for it is asking for the normal answer. */
  success: number
  /** Every documented error status, with the headers its answer carries (e.g. Retry-After). */
  errors: ReadonlyMap<number, Record<string, string>>
}

type Schema = OpenAPIV3_1.SchemaObject & { examples?: unknown[]; example?: unknown }

/** A value for a documented header: its schema's first example. */
function sampleOf(schema: Schema): string {
  const value = [schema.examples?.[0], schema.example].find(
    (example): example is string | number =>
      typeof example === 'string' || typeof example === 'number',
  )
  return value === undefined ? '1' : String(value)
}

/** The document's operations with their declared statuses, read once at start. */
export function faultTargetsOf(document: OpenApiDocument): FaultTarget[] {
  return modelOf(document)
    .operations.filter(isNamed)
    .map((operation) => {
      const statuses = operation.responses.flatMap(({ status, headers }) =>
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
        ...operation,
        success: statuses.find(([code]) => code < 300)?.[0] ?? 200,
        errors: new Map(statuses.filter(([code]) => code >= 400)),
      }
    })
}
