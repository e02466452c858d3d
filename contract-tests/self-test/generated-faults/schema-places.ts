// Where a rule of the catalogue lives in a copy of the document: the schema objects that state a
// body field's or a query parameter's keywords, each `$ref` on the way replaced by a copy of its
// target, so that a change made there is this operation's and media type's alone.
import { mediaName } from '../../suite/rules/rule.ts'

export type Json = Record<string, unknown>

export const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const listAt = (node: Json, key: string): unknown[] => {
  const value = node[key]
  return Array.isArray(value) ? (value as unknown[]) : []
}

/** What a local `$ref` (`#/components/…`) points at in `document`. */
function target(document: Json, ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, key) => (isJson(node) ? node[key] : undefined), document)
}

/** The object at `holder[key]`, a `$ref` there first replaced by a copy of what it points at. */
export function ownCopy(
  document: Json,
  holder: Json | unknown[],
  key: string | number,
): Json | undefined {
  let value: unknown = Array.isArray(holder) ? holder[Number(key)] : holder[String(key)]
  while (isJson(value) && typeof value['$ref'] === 'string') {
    const { $ref: ref, ...beside } = value
    value = { ...(structuredClone(target(document, ref)) as Json), ...beside }
  }
  if (!isJson(value)) return undefined
  if (Array.isArray(holder)) holder[Number(key)] = value
  else holder[String(key)] = value
  return value
}

/** The schema and every schema merged into it or offered beside it (`allOf`, `anyOf`, `oneOf`). */
export function schemasIn(document: Json, schema: Json): Json[] {
  const members = ['allOf', 'anyOf', 'oneOf'].flatMap((key) =>
    listAt(schema, key).flatMap((_, index) => {
      const member = ownCopy(document, listAt(schema, key), index)
      return member === undefined ? [] : schemasIn(document, member)
    }),
  )
  return [schema, ...members]
}

/** The schemas of the field at `path` below `schemas`: each one declaring it, all of them. */
export function fieldSchemas(document: Json, schemas: Json[], path: readonly string[]): Json[] {
  return path.reduce<Json[]>(
    (at, name) =>
      at.flatMap((schema) => {
        const properties = schema['properties']
        if (!isJson(properties) || !(name in properties)) return []
        const field = ownCopy(document, properties, name)
        return field === undefined ? [] : schemasIn(document, field)
      }),
    schemas,
  )
}

/** The array's item schemas, where the keywords of each value of a list (`include[]`) are. */
export const itemSchemas = (document: Json, schemas: Json[]): Json[] =>
  schemas.flatMap((schema) => {
    const items = 'items' in schema ? ownCopy(document, schema, 'items') : undefined
    return items === undefined ? [] : schemasIn(document, items)
  })

/** The operation with this operationId, in the copy. */
export function operationIn(document: Json, operationId: string): { path: Json; operation: Json } {
  for (const path of Object.values(isJson(document['paths']) ? document['paths'] : {})) {
    if (!isJson(path)) continue
    for (const operation of Object.values(path)) {
      if (isJson(operation) && operation['operationId'] === operationId) return { path, operation }
    }
  }
  throw new Error(`the document has no operation ${operationId}`)
}

/** The body schema of the operation for one media type (`json`, `form`, `multipart`). */
export function bodySchemas(document: Json, operationId: string, media: string): Json[] {
  const { operation } = operationIn(document, operationId)
  const content = ownCopy(document, operation, 'requestBody')?.['content']
  if (!isJson(content)) return []
  const mediaType = Object.keys(content).find((type) => mediaName(type) === media)
  const holder = mediaType === undefined ? undefined : content[mediaType]
  const schema = isJson(holder) ? ownCopy(document, holder, 'schema') : undefined
  return schema === undefined ? [] : schemasIn(document, schema)
}

/**
 * The query parameter of the operation, the operation's own: one its path declares for every
 * operation is copied into the operation's list, which overrides it there only.
 */
export function queryParameter(
  document: Json,
  operationId: string,
  name: string,
): Json | undefined {
  const { path, operation } = operationIn(document, operationId)
  const find = (list: unknown[]): number =>
    list.findIndex((_, index) => {
      const parameter = ownCopy(document, list, index)
      return parameter?.['in'] === 'query' && parameter['name'] === name
    })
  const own = listAt(operation, 'parameters')
  const index = find(own)
  if (index >= 0) return own[index] as Json
  const shared = listAt(path, 'parameters')
  const sharedIndex = find(shared)
  if (sharedIndex < 0) return undefined
  const copy = structuredClone(shared[sharedIndex]) as Json
  operation['parameters'] = [...own, copy]
  return copy
}
