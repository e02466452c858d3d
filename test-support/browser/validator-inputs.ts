// Inputs for comparing two sets of validators of one operation: valid ones (the document's request
// examples) and, from them, values broken in one place each — every field set to values of every
// type, shape and format the document uses, or left out; and whole bodies of the wrong shape.
import type { OpenAPIV3_1 } from 'openapi-types'
import { resolveRef, type OpenApiDocument } from '../../openapi/document.ts'

export interface Input {
  label: string
  value: unknown
}

const UUID = 'c184dc29-efc2-406c-8317-feb44dfea8a4'

/** One of each kind a schema of the documents tells apart: types, bounds, formats, lengths. */
const VALUES: readonly unknown[] = [
  null,
  true,
  0,
  1,
  -1,
  1.5,
  101,
  1e9,
  '',
  'x',
  'Smith',
  'true',
  '0',
  '-1',
  '1.5',
  '101',
  'a@b.test',
  'not-an-email',
  '2024-01-01',
  '2023-02-30',
  '2024-01-01T10:00:00Z',
  '2023-02-30T10:00:00Z',
  UUID,
  'not-a-uuid',
  'https://example.com/x',
  'x'.repeat(300),
  [],
  ['a', 'b'],
  [UUID],
  {},
  { name: 'x' },
]
const TEXTS = VALUES.filter((value): value is string => typeof value === 'string')

/** Path parameters: every parameter given the same text, then none. */
export function pathInputs(names: readonly string[]): Input[] {
  return [
    { label: 'no parameters', value: {} },
    ...TEXTS.map((text) => ({
      label: `every parameter ${JSON.stringify(text)}`,
      value: Object.fromEntries(names.map((name) => [name, text])),
    })),
  ]
}

/** A query as parse-query.ts gives it: text, or lists of text; one parameter at a time. */
export function queryInputs(names: readonly string[]): Input[] {
  const values: unknown[] = [...TEXTS, ['a', 'b'], [UUID, UUID], ['20', 'x']]
  return [
    { label: 'no parameters', value: {} },
    { label: 'an unknown parameter', value: { not_a_parameter: 'x' } },
    ...names.flatMap((name) =>
      values.map((value) => ({
        label: `${name}=${JSON.stringify(value)}`,
        value: { [name]: value },
      })),
    ),
  ]
}

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Every field of `value` down to `depth` levels, as the path of keys that reaches it. */
function fieldPaths(value: unknown, depth: number, at: string[] = []): string[][] {
  if (!isObject(value) || depth === 0) return []
  return Object.entries(value).flatMap(([key, child]) => [
    [...at, key],
    ...fieldPaths(child, depth - 1, [...at, key]),
  ])
}

/** A copy of `value` with the field at `path` set to `next`, or removed when `next` is absent. */
function withField(value: unknown, path: readonly string[], next?: { to: unknown }): unknown {
  const copy = structuredClone(value) as Json
  const parent = path.slice(0, -1).reduce<Json>((node, key) => node[key] as Json, copy)
  const last = path[path.length - 1] ?? ''
  if (next) parent[last] = structuredClone(next.to)
  else Reflect.deleteProperty(parent, last)
  return copy
}

/** The document's examples of one media type of a request body. */
export function examplesOf(
  document: OpenApiDocument,
  media: OpenAPIV3_1.MediaTypeObject,
): unknown[] {
  const named = Object.values(media.examples ?? {}).map(
    (item) => resolveRef<OpenAPIV3_1.ExampleObject>(document, item).value as unknown,
  )
  return media.example === undefined ? named : [media.example as unknown, ...named]
}

/** Bodies: each example, then each broken in one field, then the wrong shapes altogether. */
export function bodyInputs(examples: readonly unknown[]): Input[] {
  const shapes: Input[] = [null, [], 'text', 3, {}, { not_a_field: 'x' }].map((value) => ({
    label: `the body ${JSON.stringify(value)}`,
    value,
  }))
  return [
    ...shapes,
    ...examples.flatMap((example, index) => [
      { label: `example ${String(index)}`, value: example },
      { label: `example ${String(index)} and an unknown field`, value: withUnknown(example) },
      ...fieldPaths(example, 3).flatMap((path) => [
        {
          label: `example ${String(index)} without ${path.join('.')}`,
          value: withField(example, path),
        },
        ...VALUES.map((to) => ({
          label: `example ${String(index)} with ${path.join('.')}: ${JSON.stringify(to).slice(0, 20)}`,
          value: withField(example, path, { to }),
        })),
      ]),
    ]),
  ]
}

const withUnknown = (example: unknown): unknown =>
  isObject(example) ? { ...example, not_a_field: 'x' } : example
