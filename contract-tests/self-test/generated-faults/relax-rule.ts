// A rule of a body field or a query parameter relaxed by one in a copy of the document: the mock
// served on that copy accepts what the original refuses, in that one place, as a server with an
// off-by-one limit, a forgotten check or a lenient parser would. What is relaxed, per keyword:
// a maximum or a longest length one more, a minimum or a shortest length one less, an enum matched
// regardless of case (and one number past its largest), a pattern or a format dropped, null
// allowed, a required field optional, unknown fields accepted.
import type { Rule } from '../../suite/rules/rule.ts'
import {
  bodySchemas,
  fieldSchemas,
  itemSchemas,
  ownCopy,
  queryParameter,
  schemasIn,
  type Json,
} from './schema-places.ts'

type Relax = (schema: Json) => boolean

const byOne =
  (key: string, step: number): Relax =>
  (schema) => {
    const value = schema[key]
    if (typeof value !== 'number') return false
    schema[key] = value + step
    return true
  }

const drop =
  (...keys: string[]): Relax =>
  (schema) => {
    const stated = keys.filter((key) => key in schema)
    for (const key of stated) Reflect.deleteProperty(schema, key)
    return stated.length > 0
  }

/** The enum's words in either case too, and the number after its largest. */
const widenEnum: Relax = (schema) => {
  const listed = schema['enum']
  if (!Array.isArray(listed)) return false
  const values = listed as unknown[]
  const words = values.filter((value): value is string => typeof value === 'string')
  const numbers = values.filter((value): value is number => typeof value === 'number')
  const added = [
    ...words.flatMap((word) => [word.toUpperCase(), word.toLowerCase()]),
    ...(numbers.length > 0 ? [Math.max(...numbers) + 1] : []),
  ].filter((value, index, all) => !values.includes(value) && all.indexOf(value) === index)
  schema['enum'] = [...values, ...added]
  return added.length > 0
}

const typesOf = (schema: Json): unknown[] => {
  const type = schema['type']
  return typeof type === 'string' ? [type] : Array.isArray(type) ? (type as unknown[]) : []
}

/** `null` among the types (and the listed values) of a schema that names its types. */
const allowNull: Relax = (schema) => {
  const types = typesOf(schema)
  if (types.length === 0 || types.includes('null')) return false
  schema['type'] = [...types, 'null']
  if (Array.isArray(schema['enum'])) schema['enum'] = [...(schema['enum'] as unknown[]), null]
  return true
}

const acceptUnknown = drop('additionalProperties', 'unevaluatedProperties')

const RELAXERS: Readonly<Partial<Record<string, Relax>>> = {
  maxLength: byOne('maxLength', 1),
  maxItems: byOne('maxItems', 1),
  maximum: byOne('maximum', 1),
  minLength: byOne('minLength', -1),
  minItems: byOne('minItems', -1),
  minimum: byOne('minimum', -1),
  minProperties: byOne('minProperties', -1),
  enum: widenEnum,
  pattern: drop('pattern'),
  format: drop('format'),
  nullable: allowNull,
}

/** Keywords whose values an array states of each item, not of itself. */
const OF_ITEMS = new Set([
  'enum',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
])

/** `required` dropped from the objects that hold the field. */
function makeOptional(holders: Json[], name: string): boolean {
  let changed = false
  for (const holder of holders) {
    const required = holder['required']
    if (!Array.isArray(required) || !required.includes(name)) continue
    holder['required'] = required.filter((item) => item !== name)
    changed = true
  }
  return changed
}

/** Relaxes each schema stating the keyword (all of them: every one is enforced). */
function relaxAll(document: Json, schemas: Json[], keyword: string): boolean {
  const relax = keyword === 'additionalProperties' ? acceptUnknown : RELAXERS[keyword]
  // A field that may be null already has nothing to relax there.
  const nullable = schemas.some((schema) => typesOf(schema).includes('null'))
  if (relax === undefined || (keyword === 'nullable' && nullable)) return false
  const places = OF_ITEMS.has(keyword) ? [...schemas, ...itemSchemas(document, schemas)] : schemas
  // every one relaxed, not only the first that states it
  return places.map(relax).includes(true)
}

/** The keywords this file relaxes: a type cannot be relaxed by one, decision 3 is no schema's. */
export const isRelaxable = (rule: Rule): boolean =>
  (rule.kind === 'field' || rule.kind === 'query') &&
  (rule.keyword === 'required' ||
    rule.keyword === 'additionalProperties' ||
    RELAXERS[rule.keyword] !== undefined)

/** Relaxes `rule` in `document` (changed in place); false when the copy states nothing to relax. */
export function relaxRule(document: Json, rule: Rule): boolean {
  if (rule.kind === 'field' && rule.operationId !== undefined) {
    const root = bodySchemas(document, rule.operationId, rule.media)
    const path = rule.field === '$' ? [] : rule.field.split('.')
    if (rule.keyword === 'required') {
      return makeOptional(fieldSchemas(document, root, path.slice(0, -1)), path.at(-1) ?? '')
    }
    return relaxAll(document, fieldSchemas(document, root, path), rule.keyword)
  }
  if (rule.kind === 'query' && rule.operationId !== undefined && rule.parameter !== undefined) {
    const parameter = queryParameter(document, rule.operationId, rule.parameter)
    if (parameter === undefined) return false
    if (rule.keyword === 'required') {
      const required = parameter['required'] === true
      parameter['required'] = false
      return required
    }
    const schema = ownCopy(document, parameter, 'schema')
    return relaxAll(document, schema === undefined ? [] : schemasIn(document, schema), rule.keyword)
  }
  return false
}
