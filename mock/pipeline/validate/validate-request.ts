import type { QueryValues } from '../decode/parse-query.ts'
import { createNameRecord } from '../../shared/name-record.ts'
import { describeInvalidFields, HttpError } from '../../shared/problem.ts'
import { buildForm } from '../decode/parse-form.ts'
import { pairsOfParts, type Parts } from '../decode/parse-multipart.ts'
import type { ReadBody } from '../decode/read-body.ts'
import {
  FORM,
  JSON_TYPE,
  MULTIPART,
  type CompiledOperation,
  type Validator,
} from './compile-operations.ts'
import { toFieldErrors } from './validation-errors.ts'

/** Path ids of the wrong shape name no record: 404, not 400 (decision 1). */
export function validatePath(
  operation: CompiledOperation,
  params: Record<string, string>,
): Record<string, string> {
  if (!operation.validatePath(params)) {
    throw new HttpError(404, 'No such record: an id in the path is not valid.')
  }
  return params
}

function checkQuery(operation: CompiledOperation, raw: QueryValues): Record<string, unknown> {
  const { validate, arrays, defaults } = operation.query
  const query: Record<string, unknown> = Object.assign(createNameRecord<unknown>(), raw)
  for (const name of arrays) {
    const value = query[name]
    if (typeof value === 'string') query[name] = [value]
  }
  for (const [name, fallback] of defaults) query[name] ??= fallback
  if (!validate(query)) {
    const errors = toFieldErrors(validate.errors ?? [], {
      nameOf: (segments) => segments[0] ?? 'query',
      unknown: 'is not a query parameter of this operation',
    })
    const names = errors.map((e) => e.field).join(', ')
    throw new HttpError(400, `Invalid query parameters: ${names}.`, { errors })
  }
  return query
}

// Most requests carry no query: an operation's defaults are validated once.
const defaultQueries = new WeakMap<CompiledOperation, Record<string, unknown>>()

/** The query with the document's defaults, or a 400 naming every bad parameter. */
export function validateQuery(
  operation: CompiledOperation,
  raw: QueryValues,
): Record<string, unknown> {
  if (Object.keys(raw).length > 0) return checkQuery(operation, raw)
  let defaults = defaultQueries.get(operation)
  if (!defaults) {
    defaults = checkQuery(operation, {})
    defaultQueries.set(operation, defaults)
  }
  return { ...defaults }
}

/** A 422 naming the bad fields (at most 50) when `value` is not what `validate` takes. */
function check(validate: Validator | undefined, value: unknown): void {
  if (validate && !validate(value)) {
    const { detail, errors } = describeInvalidFields(toFieldErrors(validate.errors ?? []))
    throw new HttpError(422, detail, { errors })
  }
}

/**
 * A form body (urlencoded or multipart) is checked against its own schema, whose properties are
 * its fields as sent (`contact[first_name]`), errors named so; then it is read as the JSON body
 * with the same nesting (decision 23): the bracketed names nested, the text typed by the JSON
 * schema's coercion (`3` is the integer 3, an empty birthday is null).
 */
function readFields(operation: CompiledOperation, mediaType: string, fields: Parts): unknown {
  const body = operation.body
  // a name that is not a bracketed name is unreadable (400) before any field is checked
  const nested = buildForm(pairsOfParts(fields))
  // the check coerces what it reads: a copy, so that the nesting keeps the text as it was sent
  check(body?.validators.get(mediaType), Object.assign(createNameRecord<unknown>(), fields))
  // typing only: what the form takes is its own schema's to say (a server whose form schema is
  // looser than its JSON one takes the looser form)
  body?.typeForm?.(nested)
  return nested
}

/** The body as the document types it, or a 422 naming the bad fields (at most 50). */
export function validateBody(operation: CompiledOperation, read: ReadBody | undefined): unknown {
  const { body } = operation
  if (!body) return undefined
  // An absent optional body is an empty JSON object with the document's defaults (when the
  // schema takes one); an absent required one is validated as an empty JSON object.
  if (!read && !body.required) {
    const empty: unknown = {}
    return body.validators.get(JSON_TYPE)?.(empty) ? empty : undefined
  }
  const { mediaType, value } = read ?? { mediaType: JSON_TYPE, value: createNameRecord<unknown>() }
  if (mediaType === FORM || mediaType === MULTIPART) {
    return readFields(operation, mediaType, value as Parts)
  }
  check(body.validators.get(mediaType), value)
  return value
}
