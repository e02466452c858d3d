import fc from 'fast-check'
import type { OpenAPIV3_1 } from 'openapi-types'
import { resolveRef, type OpenApiDocument } from '../../openapi/document.ts'

type Schema = OpenAPIV3_1.SchemaObject & { $ref?: string }

const DAY_MS = 86_400_000
const dates = fc
  .integer({ min: -20_000, max: 20_000 })
  .map((days) => new Date(days * DAY_MS).toISOString())

const SAMPLE_DATE_TIME = '2000-01-01T00:00:00.000Z'

const text = (schema: Schema): fc.Arbitrary<string> =>
  fc
    .string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) })
    .filter((value) => !value.includes('\u0000') && (!schema.pattern || /\S/.test(value)))

/**
 * Values that satisfy a schema of the document, for the keywords the write schemas use
 * ($ref, anyOf, enum, type arrays, string lengths and date formats, integer ranges).
 */
export function validValue(document: OpenApiDocument, input: Schema): fc.Arbitrary<unknown> {
  const schema = resolveRef<Schema>(document, input)
  if (schema.anyOf) {
    return fc.oneof(...schema.anyOf.map((option) => validValue(document, option as Schema)))
  }
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]))
  const types = ([] as string[]).concat(schema.type ?? [])
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      if (type === 'null') return fc.constant(null)
      if (type === 'integer') {
        return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 })
      }
      if (schema.format === 'date') return dates.map((iso) => iso.slice(0, 10))
      // a pattern that ISO 8601 date-times satisfy (the Birthday's date-time branch)
      if (schema.pattern && new RegExp(schema.pattern).test(SAMPLE_DATE_TIME)) return dates
      return text(schema)
    }),
  )
}

/** A valid object for an object schema built with allOf/properties, required fields always set. */
export function validObject(
  document: OpenApiDocument,
  input: Schema,
  required: readonly string[],
): fc.Arbitrary<Record<string, unknown>> {
  const schema = resolveRef<Schema>(document, input)
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, property]) => [
      name,
      validValue(document, property as Schema),
    ]),
  )
  return fc.record(properties, { requiredKeys: [...required] })
}
