// The tools' input and output schemas. What the admin API takes and answers is the admin
// document's (a fault rule, an org, a snapshot): the tools declare those schemas, inlined, never a
// copy of their rules; the rest (an API request, the inspector's records, a contract run) is
// written here, with the document's own pieces (a field error) where it has them.
import type { ValidateFunction } from 'ajv'
import type { Ajv2020 } from 'ajv/dist/2020.js'
import { createDocumentAjv, resolveRef, type OpenApiDocument } from '../../openapi/document.ts'
import { loadAdminDocument } from '../../openapi/document-files.ts'
import { ToolError } from './mock-link.ts'

export type JsonSchema = Record<string, unknown>

const ADMIN = loadAdminDocument()

/** `schema` with every `$ref` replaced by what it names: MCP clients read one object. */
function inline(document: OpenApiDocument, schema: unknown, seen: readonly string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inline(document, item, seen))
  if (typeof schema !== 'object' || schema === null) return schema
  const ref: unknown = Reflect.get(schema, '$ref')
  if (typeof ref === 'string') {
    if (seen.includes(ref)) throw new Error(`${ref} refers to itself: it cannot be inlined`)
    return inline(document, resolveRef<object>(document, { $ref: ref }), [...seen, ref])
  }
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, inline(document, value, seen)]),
  )
}

/** What a JSON value may be: a body, before the document's schema of it is known. */
export const JSON_TYPES = ['object', 'array', 'string', 'number', 'boolean', 'null']

/**
 * `schema` with each `type: [a, b]` written as `anyOf: [{type: a}, {type: b}]`: the same
 * values, in the form every client takes (the MCP Inspector's portability check names type
 * arrays, which clients that map a schema onto one `type`, such as Gemini's, refuse or drop).
 * The other keywords go into each branch; a branch ignores those of other types.
 */
export function portable(schema: JsonSchema): JsonSchema {
  const each = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(each) : isSchema(value) ? portable(value) : value
  const rewritten = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => {
      if (MAPS_OF_SCHEMAS.has(key) && isSchema(value)) {
        return [key, Object.fromEntries(Object.entries(value).map(([name, v]) => [name, each(v)]))]
      }
      return [key, SCHEMAS.has(key) ? each(value) : value]
    }),
  )
  const { type, description, ...rest } = rewritten
  if (!Array.isArray(type)) return rewritten
  return {
    ...(description === undefined ? {} : { description }),
    anyOf: type.map((one: unknown) => ({ ...rest, type: one })),
  }
}

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
/** The keywords whose value is a schema or a list of them; and those whose values are. */
const SCHEMAS = new Set(['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'not'])
const MAPS_OF_SCHEMAS = new Set(['properties', 'patternProperties', '$defs'])

/** A schema of the admin document's components, inlined: `adminSchema('FaultRuleInput')`. */
export function adminSchema(name: string): JsonSchema {
  return inline(ADMIN, { $ref: `#/components/schemas/${name}` }) as JsonSchema
}

/** An object schema with more properties (and what they make required). */
export function withProperties(
  schema: JsonSchema,
  properties: Record<string, JsonSchema>,
  required: string[] = [],
): JsonSchema {
  const own = (schema['properties'] ?? {}) as Record<string, JsonSchema>
  const needed = (schema['required'] ?? []) as string[]
  return { ...schema, properties: { ...own, ...properties }, required: [...needed, ...required] }
}

/** An object of these properties, no other. */
export const objectOf = (
  properties: Record<string, JsonSchema>,
  required: string[] = [],
): JsonSchema => ({ type: 'object', additionalProperties: false, properties, required })

export const TRUNCATED: JsonSchema = {
  type: 'boolean',
  description:
    'Some items were left out to keep the answer small; narrow the question to see them.',
}

/** A sandbox's name, as a tool takes it. */
export const SANDBOX_NAME: JsonSchema = {
  type: 'string',
  description: 'The sandbox, by the name sandbox_create gave it.',
  minLength: 1,
  maxLength: 100,
}

/** The field errors of a problem answer, as the Contacts API's document states them. */
export const FIELD_ERRORS: JsonSchema = {
  type: 'array',
  description: 'The field errors of the answer (422, and 400 for query parameters).',
  items: adminSchema('FieldError'),
}

/** The inspector's verdicts (mock/face/recorded-views.ts). */
export const VERDICT: JsonSchema = {
  type: 'string',
  enum: ['valid', 'invalid', 'refused', 'failed', 'simulated'],
  description:
    'The document’s verdict: valid, invalid (the request breaks the document: 400, 415, or field errors), refused (401, 403, 404, 405, 409...), failed (5xx), simulated (a fault rule or Prefer).',
}

// The admin document's Ajv: formats, and its own schemas for whatever a tool's schema names.
const ajv: Ajv2020 = createDocumentAjv(ADMIN)

/**
 * A validator of `schema` whose failure is a ToolError listing what is wrong, by place. Compiled
 * on first use: a start compiles only what its first call needs (the 22 schemas compiled at the
 * start took a fifth of the CPU to the first answer, in a profile of the compiled server).
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- T is the schema's type, as Ajv's compile<T> takes it
export function compileCheck<T>(schema: JsonSchema, what: string): (value: unknown) => T {
  let validate: ValidateFunction<T> | undefined
  return (value) => {
    validate ??= ajv.compile<T>(schema)
    if (validate(value)) return value
    const problems = (validate.errors ?? []).map(
      (error) =>
        `${error.instancePath === '' ? '(top level)' : error.instancePath} ${error.message ?? ''}`,
    )
    throw new ToolError(`${what}: ${[...new Set(problems)].join('; ')}`)
  }
}
