import type { ErrorObject } from 'ajv'
import { unescapePointer } from '../../../openapi/document.ts'
import type { FieldError } from '../../shared/problem.ts'

/** `/contact/first_name` → `contact[first_name]`: the name the client sent. */
function bracketName(segments: string[]): string {
  const [head = 'body', ...rest] = segments
  return head + rest.map((segment) => `[${segment}]`).join('')
}

type Schema = Record<string, unknown>

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'a group of fields',
  array: 'a list',
  null: 'null',
}

const FORMAT_NAMES: Record<string, string> = {
  date: 'a real date (yyyy-mm-dd)',
  'date-time': 'an ISO 8601 date-time',
  uuid: 'a UUID',
  email: 'an email address',
  uri: 'a URL',
  'uri-reference': 'a URL or a path',
}

const NOT_EMPTY = 'must not be empty'
/** A form value that clears a field: the text form of null (the document's EmptyFormValue). */
const EMPTY = 'must be empty'

const typesOf = (schema: Schema | undefined, params: Record<string, unknown>): string[] => {
  const type = schema?.['type'] ?? params['type']
  return (Array.isArray(type) ? type : String(type).split(',')).map(String)
}

/** `must be a whole number from 0 to 5`: the number's type and both bounds, as the schema has them. */
function describeNumber(schema: Schema | undefined, params: Record<string, unknown>): string {
  const kind = typesOf(schema, params).includes('integer') ? 'a whole number' : 'a number'
  const bound = (name: string): string | undefined => {
    const value =
      schema?.[name] ??
      (params['comparison'] === (name === 'minimum' ? '>=' : '<=') ? params['limit'] : undefined)
    return typeof value === 'number' ? String(value) : undefined
  }
  const [min, max] = [bound('minimum'), bound('maximum')]
  if (min !== undefined && max !== undefined) return `must be ${kind} from ${min} to ${max}`
  if (min !== undefined) return `must be ${kind} of at least ${min}`
  if (max !== undefined) return `must be ${kind} of at most ${max}`
  return `must be ${kind}`
}

/** A sentence a person can read, from the failing keyword, its params and its schema (verbose). */
function describe(error: ErrorObject): string {
  const params: Record<string, unknown> = error.params
  const schema: Schema | undefined = error.parentSchema
  const limit = String(params['limit'])
  switch (error.keyword) {
    case 'type': {
      const types = typesOf(schema, params)
      if (types.some((type) => type === 'integer' || type === 'number')) {
        return describeNumber(schema, params)
      }
      return `must be ${types.map((type) => TYPE_NAMES[type] ?? type).join(' or ')}`
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return describeNumber(schema, params)
    case 'minLength':
      return limit === '1' ? NOT_EMPTY : `must be at least ${limit} characters long`
    case 'maxLength':
      return limit === '0' ? EMPTY : `must be at most ${limit} characters long`
    case 'minItems':
      return `must list at least ${limit} values`
    case 'maxItems':
      return `must list at most ${limit} values`
    case 'minProperties':
      return limit === '1' ? 'must have at least one field' : `must have at least ${limit} fields`
    case 'uniqueItems':
      return 'must not list the same value twice'
    case 'const':
      return `must be ${String(params['allowedValue'])}`
    case 'format': {
      const format = String(params['format'])
      return `must be ${FORMAT_NAMES[format] ?? `a valid ${format}`}`
    }
    case 'pattern': {
      // a pattern means little to a person; the schema's title says what it stands for
      const title = schema?.['title']
      if (typeof title === 'string') return `must be ${title}`
      return params['pattern'] === '\\S'
        ? 'must not be blank'
        : `must match ${String(params['pattern'])}`
    }
    case 'enum': {
      const allowed = (params['allowedValues'] as unknown[]).map(String)
      return `must be one of: ${[...new Set(allowed)].join(', ')}`
    }
    default:
      return error.message ?? 'is invalid'
  }
}

function locate(error: ErrorObject, unknown: string): { segments: string[]; message: string } {
  const segments = error.instancePath.split('/').slice(1).map(unescapePointer)
  const params = error.params as Record<string, unknown>
  switch (error.keyword) {
    case 'required':
      return { segments: [...segments, String(params['missingProperty'])], message: 'is required' }
    case 'dependentRequired':
      return {
        segments: [...segments, String(params['missingProperty'])],
        message: `is required with ${String(params['property'])}`,
      }
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const name = params['additionalProperty'] ?? params['unevaluatedProperty']
      return { segments: [...segments, String(name)], message: unknown }
    }
    default:
      return { segments, message: describe(error) }
  }
}

const MUST_BE = 'must be '
const ONE_OF = 'one of: '

/** What a `must be …` message allows, each once: `one of: a, b` and `a or b` both allow a and b. */
const allowedBy = (message: string): string[] => {
  const allowed = message.slice(MUST_BE.length)
  return allowed.startsWith(ONE_OF) ? allowed.slice(ONE_OF.length).split(', ') : [allowed]
}

/**
 * One line per field: an empty value fails its pattern too, which says nothing more; null and
 * the empty value that stands for it are left out beside other alternatives; the
 * alternatives of an anyOf read `must be a real date or an ISO 8601 date-time`, each allowed
 * value once (soft_delete's text enum and its boolean branch read `must be true or false`).
 */
function joinMessages(messages: string[]): string {
  let useful =
    messages.length > 1 ? messages.filter((m) => m !== 'must be null' && m !== EMPTY) : messages
  if (useful.includes(NOT_EMPTY)) useful = useful.filter((m) => m !== 'must not be blank')
  if (useful.length > 1 && useful.every((m) => m.startsWith(MUST_BE))) {
    const allowed = useful.flatMap(allowedBy).flatMap((value) => value.split(' or '))
    return MUST_BE + [...new Set(allowed)].join(' or ')
  }
  return useful.join(' or ')
}

const SUMMARY_KEYWORDS = new Set(['anyOf', 'oneOf', 'if'])

type NameOf = (segments: string[]) => string

/**
 * Text where a group of fields belongs: what a generated client sends when it writes the group
 * into one form field or one multipart part (`contact=[object Object]`, `contact={"first_name":…}`).
 * The service reads bracketed fields only, so the message names them, from the group's schema.
 */
function describeGroupAsText(
  error: ErrorObject,
  segments: string[],
  nameOf: NameOf,
): string | undefined {
  const fix = (example: string): string =>
    `must be a group of fields: send \`${example}=...\` fields or an \`application/json\` body`
  // a form body's fields are properties named `contact[first_name]`: a field named `contact`
  // is unknown there, and the fields the schema lists under that name say what to send
  if (error.keyword === 'additionalProperties' && segments.length === 1) {
    const schema: Schema | undefined = error.parentSchema
    const properties = schema?.['properties']
    const names =
      typeof properties === 'object' && properties !== null ? Object.keys(properties) : []
    const part = names.find((name) => name.startsWith(`${segments[0] ?? ''}[`))
    return part === undefined ? undefined : fix(part)
  }
  if (error.keyword !== 'type' || segments.length === 0 || typeof error.data !== 'string') {
    return undefined
  }
  const schema: Schema | undefined = error.parentSchema
  if (!typesOf(schema, error.params).includes('object')) return undefined
  const properties = schema?.['properties']
  const [first] =
    typeof properties === 'object' && properties !== null ? Object.keys(properties) : []
  if (first === undefined) return undefined
  return fix(nameOf([...segments, first]))
}

/**
 * Ajv reports every failed branch of an anyOf; a client wants one line per field, so the
 * branches' messages are joined and the "must be null" alternative is left out when others exist.
 * Messages are sentences written from the keyword and its schema, never Ajv's own text.
 */
export function toFieldErrors(
  errors: ErrorObject[],
  { nameOf = bracketName, unknown = 'is not accepted here' } = {},
): FieldError[] {
  const byField = new Map<string, string[]>()
  for (const error of errors) {
    if (SUMMARY_KEYWORDS.has(error.keyword)) continue
    const located = locate(error, unknown)
    const { segments } = located
    const message = describeGroupAsText(error, segments, nameOf) ?? located.message
    const field = nameOf(segments)
    const messages = byField.get(field) ?? []
    if (!messages.includes(message)) messages.push(message)
    byField.set(field, messages)
  }
  return [...byField].map(([field, messages]) => ({ field, message: joinMessages(messages) }))
}
