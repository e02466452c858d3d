// Bodies drawn from an operation's request schema, in each encoding the document lists for it
// (JSON, a urlencoded form, a multipart body): one valid, the others the same body broken in one
// field each, each naming the rule of the catalogue (suite/rules/) it breaks.
import type { RequestOptions } from '../support/api.ts'
import { CannotBuildRequest, formFieldsOf, type Operation } from '../support/operations.ts'
import { fieldRule } from '../rules/rule.ts'
import { brokenBodies, nullableFields } from './broken-bodies.ts'
import { isPinned } from './domain.ts'
import { readAsForm, withValue, type RequestCase } from './request-case.ts'
import { breaksOnly, failuresOf } from './schema-check.ts'
import { nameOf } from './schema-view.ts'
import { fieldPaths } from './views.ts'
import { drawValue, isText, seedFor, valueArbitrary, type Encoding } from './valid-values.ts'

/** The media types of the encodings: also the names the rule ids give them. */
const MEDIA: Readonly<Record<Encoding, string>> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
}
export const ENCODING_LABEL: Readonly<Record<Encoding, string>> = {
  json: 'JSON',
  form: 'form',
  multipart: 'multipart',
}

/** The encodings the document lists for the operation's body, JSON first. */
export function bodyEncodingsOf(operation: Operation): Encoding[] {
  const content = operation.requestBody?.content ?? {}
  return (['json', 'form', 'multipart'] as const).filter((encoding) => MEDIA[encoding] in content)
}

const bodySchemaOf = (operation: Operation, encoding: Encoding): unknown =>
  operation.requestBody?.content[MEDIA[encoding]]?.schema

/** The names of the fields of the operation's bodies, as the client sends them. */
export const bodyFieldNames = (operation: Operation): string[] =>
  bodyEncodingsOf(operation).flatMap((encoding) =>
    fieldPaths(bodySchemaOf(operation, encoding)).map(nameOf),
  )

/** How many draws may fail the validator (a pattern and a length that rarely meet) before giving up. */
const DRAWS = 20

/** A value of `schema` that its validator accepts, with the pinned fields set; else it names why not. */
export function drawValid(
  operation: Operation,
  schema: unknown,
  encoding: Encoding,
  seed: number,
  pins: ReadonlyMap<string, string> = new Map(),
): unknown {
  const arbitrary = valueArbitrary(schema, encoding)
  const pinned = fieldPaths(schema).filter((path) => pins.has(nameOf(path)))
  let failures: string[] = []
  for (let draw = 0; draw < DRAWS; draw += 1) {
    const drawn = drawValue(arbitrary, seedFor(seed, operation.id, encoding, String(draw)))
    const value = pinned.reduce(
      (body, path) => withValue(body, path, pins.get(nameOf(path))),
      drawn,
    )
    failures = failuresOf(schema, value, encoding)
    if (failures.length === 0) return value
  }
  throw new CannotBuildRequest(
    operation,
    `no valid value could be drawn from its ${ENCODING_LABEL[encoding]} schema (it failed at ${failures.join(', ')})`,
  )
}

/**
 * The valid JSON body with every field that may be null set to null (but the pinned ones, which
 * carry the run's marker and ids): it must be accepted too.
 */
function nullCases(operation: Operation, schema: unknown, valid: unknown): RequestCase[] {
  const nulled = nullableFields(schema).filter((path) => !isPinned(nameOf(path)))
  if (nulled.length === 0) return []
  const body = nulled.reduce((value, path) => withValue(value, path, null), valid)
  const rules = nulled.map((path) => fieldRule(operation.id, 'json', path, 'nullable'))
  if (failuresOf(schema, body, 'json').length > 0) return []
  return [
    { label: 'JSON, valid with null fields', request: { json: body }, refusal: undefined, rules },
  ]
}

// A multipart/form-data body as a browser's `fetch(url, { body: new FormData(form) })` sends it:
// one part per field, in order, named as in the urlencoded form, its value as UTF-8 text.

/** Fixed, so that one seed draws byte-for-byte the same requests; no drawn text contains it. */
const BOUNDARY = '----contract-suite-boundary-7MA4YWxkTrZu0gW'

/** The raw body and its content type (with the boundary) for the suite's `call`. */
function multipartOf(fields: readonly (readonly [string, string])[]): {
  contentType: string
  body: string
} {
  const quoted = (name: string): string =>
    // What FormData does to a name: quotes and line breaks escaped.
    name.replaceAll('"', '%22').replaceAll('\r', '%0D').replaceAll('\n', '%0A')
  const parts = fields.map(
    ([name, value]) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`,
  )
  return {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    // Text, not bytes: the suite's `call` sends text with its length, a Buffer without one, which
    // a DELETE cannot carry.
    body: `${parts.join('')}--${BOUNDARY}--\r\n`,
  }
}

/** The request options that send `body` in `encoding`. */
export function requestOf(body: unknown, encoding: Encoding): RequestOptions {
  if (encoding === 'json') return { json: body }
  const fields = formFieldsOf(body)
  return encoding === 'form' ? { form: fields } : { raw: multipartOf(fields) }
}

/** One valid body, then each broken one the document's validator finds broken in its field only. */
export function bodyCases(
  operation: Operation,
  encoding: Encoding,
  seed: number,
  pins: ReadonlyMap<string, string>,
): RequestCase[] {
  const schema = bodySchemaOf(operation, encoding)
  const valid = drawValid(operation, schema, encoding, seed, pins)
  const label = ENCODING_LABEL[encoding]
  const sent = (body: unknown): unknown => (isText(encoding) ? readAsForm(body) : body)
  const broken = brokenBodies(schema, [], valid, encoding).filter(({ path, body }) =>
    breaksOnly(failuresOf(schema, sent(body), encoding), path),
  )
  return [
    { label: `${label}, valid`, request: requestOf(valid, encoding), refusal: undefined },
    ...broken.map(({ path, rulePath, keyword, rule, body }) => ({
      label: `${label} ${nameOf(path)} ${rule}`,
      request: requestOf(body, encoding),
      refusal: { status: 422, field: nameOf(path) },
      rules: [fieldRule(operation.id, encoding, rulePath, keyword)],
    })),
    ...(encoding === 'json' ? nullCases(operation, schema, valid) : []),
  ]
}
