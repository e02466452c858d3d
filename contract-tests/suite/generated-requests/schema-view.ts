// The JSON Schema subset the document's requests use, seen through `$ref` and `allOf`: what the
// generators need to build a valid value of a schema and values that break it in one place, and
// what the rule catalogue (suite/rules/) lists of each field. Pure: it is given the document, so
// the runner reads the catalogue of the run's document (--document) with it too; the generators
// use views.ts, bound to the run's document.
import { overlay, readProvenance, type ProvenanceStatement } from '../../../openapi/provenance.ts'

export type Json = Record<string, unknown>

export interface SchemaView {
  /** `type`, always as a list; undefined when the schema names none. */
  readonly types: readonly string[] | undefined
  readonly enum: readonly unknown[] | undefined
  readonly format: string | undefined
  readonly pattern: string | undefined
  readonly minLength: number | undefined
  readonly maxLength: number | undefined
  readonly minimum: number | undefined
  readonly maximum: number | undefined
  readonly minItems: number | undefined
  readonly maxItems: number | undefined
  /** An object's fewest fields (an empty `contact` is a 422, decision 17). */
  readonly minProperties: number | undefined
  /** Property schemas (still raw: a view is taken when a generator steps into one). */
  readonly properties: Readonly<Json>
  readonly required: readonly string[]
  /** `additionalProperties: false` or `unevaluatedProperties: false`: unknown fields are refused. */
  readonly closed: boolean
  readonly items: unknown
  /** The alternatives of `anyOf` / `oneOf`. */
  readonly branches: readonly SchemaView[]
  /** Who states its constraints (`x-provenance`), its `allOf` members' under its own. */
  readonly provenance: ProvenanceStatement | undefined
}

type Draft = { -readonly [Key in keyof SchemaView]: SchemaView[Key] }

export const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const numberAt = (node: Json, key: string): number | undefined => {
  const value = node[key]
  return typeof value === 'number' ? value : undefined
}

const stringAt = (node: Json, key: string): string | undefined => {
  const value = node[key]
  return typeof value === 'string' ? value : undefined
}

const listAt = (node: Json, key: string): unknown[] => {
  const value = node[key]
  return Array.isArray(value) ? (value as unknown[]) : []
}

const EMPTY: SchemaView = {
  types: undefined,
  enum: undefined,
  format: undefined,
  pattern: undefined,
  minLength: undefined,
  maxLength: undefined,
  minimum: undefined,
  maximum: undefined,
  minItems: undefined,
  maxItems: undefined,
  minProperties: undefined,
  properties: {},
  required: [],
  closed: false,
  items: undefined,
  branches: [],
  provenance: undefined,
}

const NUMBERS = [
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'minProperties',
] as const satisfies readonly (keyof SchemaView)[]

export interface SchemaViews {
  /** Follows a local `$ref` (`#/components/schemas/…`) through the document, as often as it chains. */
  followRef: (schema: unknown) => Json
  /** The schema with its `$ref`s followed and its `allOf` merged. */
  viewOf: (schema: unknown) => SchemaView
}

/** Views of the schemas of `document`. */
export function schemaViews(document: unknown): SchemaViews {
  function followRef(schema: unknown, seen: readonly string[] = []): Json {
    if (!isJson(schema)) return {}
    const ref = stringAt(schema, '$ref')
    if (ref === undefined) return schema
    if (!ref.startsWith('#/') || seen.includes(ref)) {
      throw new Error(`the generated requests cannot follow the $ref ${ref}`)
    }
    const target = ref
      .slice(2)
      .split('/')
      .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, key) => (isJson(node) ? node[key] : undefined), document)
    if (target === undefined) throw new Error(`the document has nothing at its $ref ${ref}`)
    return followRef(target, [...seen, ref])
  }

  /** Adds one schema's keywords to the view: `allOf` members are merged in, alternatives kept. */
  function mergeInto(draft: Draft, schema: unknown): void {
    const node = followRef(schema)
    for (const member of listAt(node, 'allOf')) mergeInto(draft, member)
    const type = node['type']
    if (typeof type === 'string') draft.types = [type]
    if (Array.isArray(type)) draft.types = type.map(String)
    if (Array.isArray(node['enum'])) draft.enum = listAt(node, 'enum')
    if ('const' in node) draft.enum = [node['const']]
    draft.format = stringAt(node, 'format') ?? draft.format
    draft.pattern = stringAt(node, 'pattern') ?? draft.pattern
    for (const key of NUMBERS) draft[key] = numberAt(node, key) ?? draft[key]
    if (isJson(node['properties']))
      draft.properties = { ...draft.properties, ...node['properties'] }
    draft.required = [...draft.required, ...listAt(node, 'required').map(String)]
    draft.closed ||=
      node['additionalProperties'] === false || node['unevaluatedProperties'] === false
    if ('items' in node) draft.items = node['items']
    const alternatives = [...listAt(node, 'anyOf'), ...listAt(node, 'oneOf')]
    draft.branches = [...draft.branches, ...alternatives.map(viewOf)]
    // its own statement over those of its allOf members
    draft.provenance = overlay(draft.provenance, readProvenance(node, 'a schema of the document'))
  }

  function viewOf(schema: unknown): SchemaView {
    const draft: Draft = { ...EMPTY }
    mergeInto(draft, schema)
    return draft
  }

  return { followRef: (schema) => followRef(schema), viewOf }
}

export const isObjectView = (view: SchemaView): boolean =>
  view.types?.includes('object') === true ||
  (view.types === undefined && Object.keys(view.properties).length > 0)

/** The view and its alternatives (anyOf/oneOf), nested ones too: where a field's keywords may be. */
export const alternativesOf = (view: SchemaView): SchemaView[] => [
  view,
  ...view.branches.flatMap(alternativesOf),
]

/** Every type a field takes, whichever alternative states it. */
export const typesOfField = (view: SchemaView): string[] => [
  ...new Set(alternativesOf(view).flatMap((item) => item.types ?? [])),
]

/**
 * Whether text (a form, a multipart body, a query string) can carry a value of the wrong type:
 * any text is a string and a repeated name an array, so only a field that takes neither can.
 */
export const textCanBreakType = (types: readonly string[]): boolean => {
  const sendable = types.filter((type) => type !== 'null')
  return sendable.length > 0 && !sendable.some((type) => type === 'string' || type === 'array')
}

export const isArrayView = (view: SchemaView): boolean =>
  view.types?.includes('array') === true || (view.types === undefined && view.items !== undefined)

/** `['contact', 'first_name']` → `contact[first_name]`: the name the client sends and errors name. */
export const nameOf = (path: readonly string[]): string =>
  (path[0] ?? '') +
  path
    .slice(1)
    .map((segment) => `[${segment}]`)
    .join('')
