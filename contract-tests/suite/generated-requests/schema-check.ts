// The document's own validator (Ajv 2020, as the response check uses it) judges every generated
// request before it is sent: a valid one must validate, a broken one must fail in its field only.
// JSON is judged as typed; forms and query strings as text read as the documented types (the
// document: `contact[relationship_type]=3` is the integer 3).
import type { Ajv2020 } from 'ajv/dist/2020.js'
import type { ErrorObject, ValidateFunction } from 'ajv'
import { createDocumentAjv, DOCUMENT_ID } from '../../../openapi/document.ts'
import { contractDocument } from '../support/document.ts'
import { isJson } from './schema-view.ts'
import { isText, type Encoding } from './valid-values.ts'

const instances = new Map<boolean, Ajv2020>()

function ajvFor(encoding: Encoding): Ajv2020 {
  const text = isText(encoding)
  let ajv = instances.get(text)
  if (ajv === undefined) {
    ajv = createDocumentAjv(contractDocument, text ? { coerceTypes: true } : {})
    instances.set(text, ajv)
  }
  return ajv
}

/** A schema taken out of the document, its local `$ref`s pointing into the registered document. */
function anchored(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(anchored)
  if (!isJson(schema)) return schema
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#')
        ? `${DOCUMENT_ID}${value}`
        : anchored(value),
    ]),
  )
}

const validators = new Map<string, ValidateFunction>()

function validatorOf(schema: unknown, encoding: Encoding): ValidateFunction {
  const key = `${String(isText(encoding))}:${JSON.stringify(schema)}`
  let validate = validators.get(key)
  if (validate === undefined) {
    const compiled = anchored(schema)
    if (!isJson(compiled)) throw new Error(`not a schema: ${key}`)
    validate = ajvFor(encoding).compile(compiled)
    validators.set(key, validate)
  }
  return validate
}

const escape = (segment: string): string => segment.replaceAll('~', '~0').replaceAll('/', '~1')

/** The error's place, down to the field a `required` or unknown-field error names. */
function pointerOf(error: ErrorObject): string {
  const params: Record<string, unknown> = error.params
  const named =
    params['missingProperty'] ?? params['additionalProperty'] ?? params['unevaluatedProperty']
  return typeof named === 'string' ? `${error.instancePath}/${escape(named)}` : error.instancePath
}

/** Where `value` breaks `schema`: one JSON pointer per error; none when it is valid. */
export function failuresOf(schema: unknown, value: unknown, encoding: Encoding): string[] {
  const validate = validatorOf(schema, encoding)
  // Coercion rewrites the value it checks: it checks a copy.
  if (validate(structuredClone(value))) return []
  return (validate.errors ?? []).map(pointerOf)
}

/** `['contact', 'first_name']` → `/contact/first_name` */
export const pointerTo = (path: readonly string[]): string =>
  path.map((segment) => `/${escape(segment)}`).join('')

/** Whether every failure lies in the field at `path` (or below it), and there is one at least. */
export function breaksOnly(failures: readonly string[], path: readonly string[]): boolean {
  const field = pointerTo(path)
  return (
    failures.length > 0 &&
    failures.every((pointer) => pointer === field || pointer.startsWith(`${field}/`))
  )
}
