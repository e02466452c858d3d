// The constraints one field (or query parameter) states, each keyword once, read through `$ref`,
// `allOf` and the alternatives of `anyOf`/`oneOf`, with how a person reads each. What text cannot
// break is no constraint of a field that travels as text: a string's type, null, a field count.
import {
  alternativesOf,
  isArrayView,
  isObjectView,
  textCanBreakType,
  typesOfField,
  type SchemaView,
  type SchemaViews,
} from '../generated-requests/schema-view.ts'
import type { FieldKeyword } from './rule.ts'

export interface Constraint {
  keyword: FieldKeyword
  /** What the field must be: `has at most 100 characters`. */
  says: string
}

const shorten = (text: string): string => (text.length > 40 ? `${text.slice(0, 40)}…` : text)

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

function typeConstraints(view: SchemaView, text: boolean): Constraint[] {
  const types = typesOfField(view)
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
export function constraintsOf(view: SchemaView, text: boolean, views: SchemaViews): Constraint[] {
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
    ...typeConstraints(view, text),
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
