// The rules of each request body field, per media type the operation declares, and of each query
// parameter: one per constraint keyword the schema states (through `$ref`, `allOf` and the
// alternatives of `anyOf`/`oneOf`). A form, a multipart body and a query string carry text, so
// what text cannot break is no rule there: a string field's type, null, an object's field count.
import type { OpenAPIV3_1 } from 'openapi-types'
import {
  isArrayView,
  isObjectView,
  nameOf,
  textCanBreakType,
  type SchemaView,
  type SchemaViews,
} from '../generated-requests/schema-view.ts'
import { queryParametersOf, type DocumentedOperation } from './documented-operations.ts'
import {
  fieldRule,
  mediaName,
  queryRule,
  unknownQueryRule,
  type FieldKeyword,
  type Rule,
} from './rule.ts'

interface Constraint {
  keyword: FieldKeyword
  /** What the field must be: `has at most 100 characters`. */
  says: string
}

const MEDIA_LABEL: Readonly<Record<string, string>> = {
  json: 'JSON',
  form: 'form',
  multipart: 'multipart',
}

const shorten = (text: string): string => (text.length > 40 ? `${text.slice(0, 40)}…` : text)

/** The view and its alternatives, nested ones too: where a field's keywords may be. */
const alternativesOf = (view: SchemaView): SchemaView[] => [
  view,
  ...view.branches.flatMap(alternativesOf),
]

/** The first of the views that states `key`. */
function stated<Key extends keyof SchemaView>(
  views: readonly SchemaView[],
  key: Key,
): SchemaView[Key] | undefined {
  return views.map((view) => view[key]).find((value) => value !== undefined)
}

type Bound = 'minimum' | 'maximum' | 'minLength' | 'maxLength' | 'minItems' | 'maxItems'

/** The bounds, each with how a person reads it; a lower bound of 0 bounds nothing. */
const BOUNDS: readonly [Bound, (value: number) => string, 'own' | 'all', boolean][] = [
  ['minimum', (value) => `is at least ${String(value)}`, 'own', false],
  ['maximum', (value) => `is at most ${String(value)}`, 'own', false],
  [
    'minLength',
    (value) => `has at least ${String(value)} character${value === 1 ? '' : 's'}`,
    'own',
    true,
  ],
  ['maxLength', (value) => `has at most ${String(value)} characters`, 'own', false],
  [
    'minItems',
    (value) => `has at least ${String(value)} item${value === 1 ? '' : 's'}`,
    'all',
    true,
  ],
  ['maxItems', (value) => `has at most ${String(value)} items`, 'all', false],
]

function typeConstraints(all: readonly SchemaView[], text: boolean): Constraint[] {
  const types = [...new Set(all.flatMap((item) => item.types ?? []))]
  const sendable = types.filter((type) => type !== 'null')
  const typed = text ? textCanBreakType(types) : sendable.length > 0
  return [
    ...(typed ? [{ keyword: 'type' as const, says: `is of type ${sendable.join(' or ')}` }] : []),
    // Only JSON can send null.
    ...(text
      ? []
      : [
          {
            keyword: 'nullable' as const,
            says: types.includes('null') ? 'may be null' : 'may not be null',
          },
        ]),
  ]
}

/** The constraints of one field (or query parameter); `text` when it travels as text. */
function constraintsOf(view: SchemaView, text: boolean, views: SchemaViews): Constraint[] {
  const all = alternativesOf(view)
  // An array's items carry the rules of each value sent (`include[]=…`).
  const own = isArrayView(view) ? alternativesOf(views.viewOf(view.items)) : all
  const listed = stated(own, 'enum')
  const format = stated(own, 'format')
  const pattern = stated(own, 'pattern')
  const minProperties = stated(all, 'minProperties') ?? 0
  const bounds = BOUNDS.flatMap(([keyword, says, where, lower]): Constraint[] => {
    const value = stated(where === 'own' ? own : all, keyword)
    return value === undefined || (lower && value <= 0) ? [] : [{ keyword, says: says(value) }]
  })
  return [
    ...typeConstraints(all, text),
    ...(listed === undefined
      ? []
      : [
          {
            keyword: 'enum' as const,
            says: `is one of ${shorten(listed.map((value) => JSON.stringify(value)).join(', '))}`,
          },
        ]),
    ...bounds,
    ...(format === undefined ? [] : [{ keyword: 'format' as const, says: `is a ${format}` }]),
    ...(pattern === undefined
      ? []
      : [{ keyword: 'pattern' as const, says: `matches ${shorten(pattern)}` }]),
    // In text an empty object is no field at all: only its `required` can be broken there.
    ...(minProperties > 0 && !text
      ? [
          {
            keyword: 'minProperties' as const,
            says: `has at least ${String(minProperties)} field${minProperties === 1 ? '' : 's'}`,
          },
        ]
      : []),
    ...(isObjectView(view) && view.closed
      ? [{ keyword: 'additionalProperties' as const, says: 'refuses unknown fields' }]
      : []),
  ]
}

const isWalkedObject = (view: SchemaView): boolean =>
  isObjectView(view) && view.branches.length === 0

/**
 * In text an inner object is its fields: without its only field it is not sent at all, and it is
 * its own `required` that breaks.
 */
const soleField = (view: SchemaView, path: readonly string[]): boolean =>
  path.length > 0 && Object.keys(view.properties).length === 1

/** The rules of one body media type of the operation: each field's, the body's own unknown fields. */
function bodyRules(
  operation: DocumentedOperation,
  mediaType: string,
  schema: unknown,
  views: SchemaViews,
): Rule[] {
  const media = mediaName(mediaType)
  const text = media !== 'json'
  const label = `${operation.id}, ${MEDIA_LABEL[media] ?? mediaType} body:`
  const walk = (node: unknown, path: string[], required: boolean): Rule[] => {
    const view = views.viewOf(node)
    const constraints =
      path.length === 0
        ? constraintsOf(view, text, views).filter(
            ({ keyword }) => keyword === 'additionalProperties',
          )
        : [
            ...(required ? [{ keyword: 'required' as const, says: 'is required' }] : []),
            ...constraintsOf(view, text, views),
          ]
    const own = constraints.map(({ keyword, says }): Rule => ({
      id: fieldRule(operation.id, media, path, keyword),
      kind: 'field',
      operationId: operation.id,
      media,
      field: path.length === 0 ? '$' : path.join('.'),
      keyword,
      title: `${label} ${path.length === 0 ? 'the body' : nameOf(path)} ${says}`,
    }))
    if (!isWalkedObject(view)) return own
    return [
      ...own,
      ...Object.entries(view.properties).flatMap(([name, property]) =>
        walk(
          property,
          [...path, name],
          view.required.includes(name) && !(text && soleField(view, path)),
        ),
      ),
    ]
  }
  return walk(schema, [], false)
}

export const bodyFieldRules = (operation: DocumentedOperation, views: SchemaViews): Rule[] =>
  operation.bodies.flatMap(([mediaType, schema]) => bodyRules(operation, mediaType, schema, views))

/** Each constraint of each query parameter, and decision 3's unknown parameter. */
export function queryRules(operation: DocumentedOperation, views: SchemaViews): Rule[] {
  const parameterRules = queryParametersOf(operation).flatMap(
    ({ name, schema, required }: OpenAPIV3_1.ParameterObject) =>
      [
        ...(required === true ? [{ keyword: 'required' as const, says: 'is required' }] : []),
        ...constraintsOf(views.viewOf(schema), true, views),
      ].map(({ keyword, says }): Rule => ({
        id: queryRule(operation.id, name, keyword),
        kind: 'query',
        operationId: operation.id,
        parameter: name,
        keyword,
        title: `${operation.id}: the query parameter ${name} ${says}`,
      })),
  )
  return [
    ...parameterRules,
    {
      id: unknownQueryRule(operation.id),
      kind: 'query',
      operationId: operation.id,
      parameter: undefined,
      keyword: 'unknown',
      title: `${operation.id}: an unknown query parameter is a 400 naming it`,
    },
  ]
}
