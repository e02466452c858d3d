import type { ErrorObject } from 'ajv'
import type { FieldError } from './problem.ts'

/** `/contact/first_name` → `contact[first_name]`: the name the client sent. */
function bracketName(segments: string[]): string {
  const [head = 'body', ...rest] = segments
  return head + rest.map((segment) => `[${segment}]`).join('')
}

const decodeSegment = (segment: string): string =>
  segment.replaceAll('~1', '/').replaceAll('~0', '~')

function locate(error: ErrorObject, unknown: string): { segments: string[]; message: string } {
  const segments = error.instancePath.split('/').slice(1).map(decodeSegment)
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
      return {
        segments: [...segments, String(params['additionalProperty'])],
        message: unknown,
      }
    case 'unevaluatedProperties':
      return {
        segments: [...segments, String(params['unevaluatedProperty'])],
        message: unknown,
      }
    case 'enum': {
      const allowed = (params['allowedValues'] as unknown[]).map(String)
      return { segments, message: `must be one of: ${[...new Set(allowed)].join(', ')}` }
    }
    case 'pattern': {
      // a pattern means little to a person; the schema's title says what it stands for
      const title = (error.parentSchema as { title?: unknown } | undefined)?.title
      const message = typeof title === 'string' ? `must be ${title}` : error.message
      return { segments, message: message ?? 'is invalid' }
    }
    default:
      return { segments, message: error.message ?? 'is invalid' }
  }
}

const SUMMARY_KEYWORDS = new Set(['anyOf', 'oneOf', 'if'])

/**
 * Ajv reports every failed branch of an anyOf; a client wants one line per field, so the
 * branches' messages are joined and the "must be null" alternative is left out when others exist.
 */
export function toFieldErrors(
  errors: ErrorObject[],
  { nameOf = bracketName, unknown = 'is not accepted here' } = {},
): FieldError[] {
  const byField = new Map<string, string[]>()
  for (const error of errors) {
    if (SUMMARY_KEYWORDS.has(error.keyword)) continue
    const { segments, message } = locate(error, unknown)
    const field = nameOf(segments)
    const messages = byField.get(field) ?? []
    if (!messages.includes(message)) messages.push(message)
    byField.set(field, messages)
  }
  return [...byField].map(([field, messages]) => {
    const useful = messages.length > 1 ? messages.filter((m) => m !== 'must be null') : messages
    return { field, message: useful.join(' or ') }
  })
}

/** A 422 lists at most this many field errors: a 100 KiB body of bad fields stays a small answer. */
export const MAX_FIELD_ERRORS = 50

/** The `errors` and `detail` of a 422 for these field errors, the unlisted ones counted. */
export function describeInvalidFields(errors: FieldError[]): {
  detail: string
  errors: FieldError[]
} {
  const count = errors.length
  const invalid = count === 1 ? '1 field is invalid' : `${String(count)} fields are invalid`
  const listed =
    count > MAX_FIELD_ERRORS ? ` (the first ${String(MAX_FIELD_ERRORS)} are listed)` : ''
  return {
    detail: `${invalid}${listed}; nothing was changed.`,
    errors: errors.slice(0, MAX_FIELD_ERRORS),
  }
}
