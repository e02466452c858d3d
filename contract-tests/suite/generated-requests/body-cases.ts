// Bodies drawn from an operation's request schema, as JSON and as a form (the encodings the
// document lists for it): one valid, the others the same body broken in one field each.
import type { RequestOptions } from '../support/api.ts'
import { CannotBuildRequest, formFieldsOf, type Operation } from '../support/operations.ts'
import { fieldBreakers, show, UNKNOWN_FIELD } from './breakers.ts'
import { readAsForm, valueAt, withValue, withoutValue, type RequestCase } from './request-case.ts'
import { breaksOnly, failuresOf } from './schema-check.ts'
import { isObjectView, nameOf } from './schema-view.ts'
import { viewOf } from './views.ts'
import { drawValue, seedFor, valueArbitrary, type Encoding } from './valid-values.ts'

const MEDIA: Readonly<Record<Encoding, string>> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
}
export const ENCODING_LABEL: Readonly<Record<Encoding, string>> = { json: 'JSON', form: 'form' }

/** The encodings the document lists for the operation's body, JSON first. */
export function bodyEncodingsOf(operation: Operation): Encoding[] {
  const content = operation.requestBody?.content ?? {}
  return (['json', 'form'] as const).filter((encoding) => MEDIA[encoding] in content)
}

const bodySchemaOf = (operation: Operation, encoding: Encoding): unknown =>
  operation.requestBody?.content[MEDIA[encoding]]?.schema

/** Every field of an object schema, nested ones too: `[contact]`, `[contact, first_name]`. */
export function fieldPaths(schema: unknown, path: readonly string[] = []): string[][] {
  const view = viewOf(schema)
  if (!isObjectView(view) || view.branches.length > 0) return []
  return Object.entries(view.properties).flatMap(([name, property]) => [
    [...path, name],
    ...fieldPaths(property, [...path, name]),
  ])
}

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

interface Broken {
  path: string[]
  rule: string
  body: unknown
}

/** The valid body broken in one place: each rule of each field, and each object's own rules. */
function brokenBodies(
  schema: unknown,
  path: string[],
  body: unknown,
  encoding: Encoding,
): Broken[] {
  const view = viewOf(schema)
  if (!isObjectView(view) || view.branches.length > 0) {
    return fieldBreakers(schema, valueAt(body, path), encoding).map(({ rule, value }) => ({
      path,
      rule,
      body: withValue(body, path, value),
    }))
  }
  const unknown = [...path, UNKNOWN_FIELD]
  const own: Broken[] = [
    ...view.required.map((name) => ({
      path: [...path, name],
      rule: 'is missing (required)',
      body: withoutValue(body, [...path, name]),
    })),
    ...(view.closed
      ? [
          {
            path: unknown,
            rule: 'is sent (unknown fields are refused)',
            body: withValue(body, unknown, 'x'),
          },
        ]
      : []),
    // A form cannot send an object as anything but its fields.
    ...(path.length > 0 && encoding === 'json'
      ? [{ path, rule: `breaks type object (sent ${show('x')})`, body: withValue(body, path, 'x') }]
      : []),
  ]
  return [
    ...own,
    ...Object.entries(view.properties).flatMap(([name, property]) =>
      brokenBodies(property, [...path, name], body, encoding),
    ),
  ]
}

export const requestOf = (body: unknown, encoding: Encoding): RequestOptions =>
  encoding === 'json' ? { json: body } : { form: formFieldsOf(body) }

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
  const sent = (body: unknown): unknown => (encoding === 'form' ? readAsForm(body) : body)
  const broken = brokenBodies(schema, [], valid, encoding).filter(({ path, body }) =>
    breaksOnly(failuresOf(schema, sent(body), encoding), path),
  )
  return [
    { label: `${label}, valid`, request: requestOf(valid, encoding), refusal: undefined },
    ...broken.map(({ path, rule, body }) => ({
      label: `${label} ${nameOf(path)} ${rule}`,
      request: requestOf(body, encoding),
      refusal: { status: 422, field: nameOf(path) },
    })),
  ]
}
