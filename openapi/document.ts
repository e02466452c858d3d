import { Ajv2020 } from 'ajv/dist/2020.js'
import type { Options } from 'ajv'
import addFormatsModule from 'ajv-formats'
import type { OpenAPIV3_1 } from 'openapi-types'

export type OpenApiDocument = OpenAPIV3_1.Document

/** The id under which the whole document is registered in an Ajv instance. */
export const DOCUMENT_ID = 'openapi.json'

// ajv-formats is CommonJS: under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default

/**
 * An Ajv (JSON Schema 2020-12) instance that knows the whole document, so any schema in it can be
 * reached with `ajv.getSchema(pointerTo(...))` and every `$ref` resolves.
 * `strict: false` because the document's own keys (`openapi`, `paths`, `example`) are not keywords.
 */
export function createDocumentAjv(document: OpenApiDocument, options: Options = {}): Ajv2020 {
  // validateSchema: false, no schema is checked against the meta-schema: a schema the document
  // gets wrong is refused as it is compiled, by its keywords' own checks (`minLength value must
  // be ["number"]`), and the document itself is no schema (the check reads none of its paths or
  // components). Compiling the meta-schema took a tenth of a second of each start, per instance.
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: false, ...options })
  addFormats(ajv, { mode: 'full' })
  ajv.addSchema(document, DOCUMENT_ID)
  return ajv
}

/** A key as one step of a JSON Pointer (RFC 6901): `~` is `~0`, `/` is `~1`. */
export const escapePointer = (segment: string): string =>
  segment.replaceAll('~', '~0').replaceAll('/', '~1')

export const unescapePointer = (segment: string): string =>
  segment.replaceAll('~1', '/').replaceAll('~0', '~')

/** `pointerTo('paths', '/api/v1/relationships', 'get')` → `openapi.json#/paths/~1api~1v1~1relationships/get` */
export function pointerTo(...segments: string[]): string {
  return `${DOCUMENT_ID}#/${segments.map(escapePointer).join('/')}`
}

/**
 * An item with its local `$ref`s (`#/components/...`) followed, and where its fields live as an
 * Ajv key: at the last `$ref`'s target, or in place (`inPlace`, the keys down to it).
 */
export function locate<T extends object>(
  document: OpenApiDocument,
  item: T | { $ref: string },
  inPlace: readonly string[],
): { node: T; key: string } {
  let node: object = item
  let key = pointerTo(...inPlace)
  const seen = new Set<string>()
  while ('$ref' in node && typeof node.$ref === 'string') {
    const ref = node.$ref
    if (seen.has(ref)) throw new Error(`the document's $ref ${ref} refers to itself`)
    seen.add(ref)
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .map(unescapePointer)
      .reduce<unknown>((at, name) => (at as Record<string, unknown> | undefined)?.[name], document)
    if (typeof target !== 'object' || target === null) {
      throw new Error(`the document has no ${ref}`)
    }
    node = target
    key = DOCUMENT_ID + ref
  }
  return { node: node as T, key }
}

/** Follows local `$ref`s (`#/components/...`) to the object they name. */
export function resolveRef<T extends object>(
  document: OpenApiDocument,
  item: T | { $ref: string },
): T {
  return locate(document, item, []).node
}

/**
 * `[property, maxLength]` of an object schema's string properties that have a limit, whether a
 * property states it in place or names a schema that does (`$ref`).
 */
export function maxLengthsOf(document: OpenApiDocument, schemaName: string): [string, number][] {
  const schema = document.components?.schemas?.[schemaName]
  return Object.entries(schema?.properties ?? {}).flatMap(([name, item]) => {
    const property = resolveRef<OpenAPIV3_1.SchemaObject>(document, item)
    return typeof property.maxLength === 'number'
      ? [[name, property.maxLength] as [string, number]]
      : []
  })
}

/** The property names of an object schema of `components.schemas`, in document order. */
export function propertyNamesOf(document: OpenApiDocument, schemaName: string): string[] {
  return Object.keys(document.components?.schemas?.[schemaName]?.properties ?? {})
}

/** The document's `x-max-body-bytes`: the largest request body a server reads (413 above it). */
export function maxBodyBytesOf(document: OpenApiDocument): number {
  const value = (document as Record<string, unknown>)['x-max-body-bytes']
  if (typeof value !== 'number') throw new Error('the document has no x-max-body-bytes')
  return value
}

/**
 * The texts the contact search looks in (`x-search-fields` of the `Search` parameter): each is the
 * named fields joined by a space, absent ones left out.
 */
export function searchFieldsOf(document: OpenApiDocument): string[][] {
  const parameter = document.components?.parameters?.['Search'] as
    Record<string, unknown> | undefined
  const fields = parameter?.['x-search-fields']
  if (!Array.isArray(fields)) throw new Error('the Search parameter has no x-search-fields')
  return fields as string[][]
}

/** A component's `$ref`, local or to `openapi.yaml`'s (group 1). */
const COMPONENT = /^(openapi\.yaml)?#\/components\/(\w+)\/(\w+)$/

type Node = Record<string, unknown>
const componentsOf = (document: OpenApiDocument): Record<string, Node | undefined> =>
  document.components ?? {}

/**
 * Brings the components the admin document takes from `openapi.yaml` (the Problem schema) into
 * it, so that each document is one self-contained tree for Ajv and the response check.
 */
export function bundleAdmin(admin: OpenApiDocument, api: OpenApiDocument): OpenApiDocument {
  const target = componentsOf(admin)
  const copy = (kind: string, name: string): void => {
    const value = componentsOf(api)[kind]?.[name]
    if (value === undefined) throw new Error(`openapi.yaml has no components/${kind}/${name}`)
    const into = (target[kind] ??= {})
    const existing = into[name]
    if (typeof existing === 'object' && existing !== null && !('$ref' in existing)) return
    into[name] = structuredClone(value)
    walk(into[name])
  }
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return
    const record = node as Node
    const ref = record['$ref']
    const [, external, kind, name] = (typeof ref === 'string' ? COMPONENT.exec(ref) : null) ?? []
    if (kind && name && (external || target[kind]?.[name] === undefined)) {
      record['$ref'] = `#/components/${kind}/${name}`
      copy(kind, name)
    }
    for (const child of Object.values(record)) walk(child)
  }
  walk(admin)
  return admin
}
