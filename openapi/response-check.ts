import type { ErrorObject } from 'ajv'
import {
  createDocumentAjv,
  DOCUMENT_ID,
  escapePointer,
  pointerTo,
  unescapePointer,
  type OpenApiDocument,
} from './document.ts'
import { modelOf } from './document-model.ts'

type Json = Record<string, unknown>

/** A response as any HTTP client sees it; header names in lower case. */
export interface ResponseToCheck {
  method: string
  /** The concrete path, e.g. `/api/v1/orgs/1111…/contacts`. */
  path: string
  status: number
  headers: Record<string, unknown>
  /** The raw body text, and the parsed JSON body (undefined when there is none or it is not JSON). */
  text: string
  body: unknown
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const MAX = 300

export function excerpt(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value)
  return text.length > MAX ? `${text.slice(0, MAX)}… (${String(text.length)} characters)` : text
}

/** One step of a JSON Pointer (RFC 6901): an object's own member, or an array's element by index. */
function stepInto(at: unknown, key: string): unknown {
  if (Array.isArray(at)) return /^(0|[1-9][0-9]*)$/.test(key) ? at[Number(key)] : undefined
  return isObject(at) && Object.hasOwn(at, key) ? at[key] : undefined
}

/** The value at a JSON Pointer such as `/contacts/0/first_name` (`~1` is `/`, `~0` is `~`). */
export function valueAt(body: unknown, pointer: string): unknown {
  return pointer.split('/').slice(1).map(unescapePointer).reduce<unknown>(stepInto, body)
}

/**
 * Judges responses against the document: the status is documented for the operation, the
 * documented headers are there, the content type is listed, the body validates (JSON Schema
 * 2020-12), and a problem's `status` is the HTTP status. Shared by the mock (which checks what it
 * sends) and the contract suite (which checks any server). Findings read `  - …`, one per line.
 */
export function createResponseChecker(document: OpenApiDocument) {
  // verbose: errors carry their schema object, which locates them in the document
  const ajv = createDocumentAjv(document, { verbose: true })
  const { findOperation } = modelOf(document)
  const locations = new Map<object, string>()
  ;(function index(node: unknown, pointer: string): void {
    if (typeof node !== 'object' || node === null || locations.has(node)) return
    locations.set(node, pointer)
    for (const [key, value] of Object.entries(node))
      index(value, `${pointer}/${escapePointer(key)}`)
  })(document, '#')

  /** Ajv errors as lines that show the offending part of the body and the schema path. */
  function explainErrors(errors: readonly ErrorObject[], body: unknown): string[] {
    return errors.map((error) => {
      const extra =
        error.keyword === 'unevaluatedProperties' || error.keyword === 'additionalProperties'
      const property = extra ? String(Object.values(error.params)[0]) : undefined
      const path = property === undefined ? error.instancePath : `${error.instancePath}/${property}`
      const schemaAt = isObject(error.parentSchema) ? locations.get(error.parentSchema) : undefined
      const schemaPath = schemaAt === undefined ? error.schemaPath : `${schemaAt}/${error.keyword}`
      const message = `${error.message ?? error.keyword}${property === undefined ? '' : `: '${property}'`}`
      // A missing property has no value to show; the message names it.
      const value =
        error.keyword === 'required' ? '' : `\n      value:  ${excerpt(valueAt(body, path))}`
      return (
        `  - body${path || ' (root)'} ${message}${value}\n` +
        `      schema: ${schemaPath.replace(/^#/, `${DOCUMENT_ID}#`)}`
      )
    })
  }

  function statusFindings({ status, body }: Pick<ResponseToCheck, 'status' | 'body'>): string[] {
    const stated = isObject(body) ? body['status'] : undefined
    return stated === status
      ? []
      : [`  - the problem's status ${String(stated)} is not the HTTP status ${String(status)}`]
  }

  /** The body against the document's schema at `key` (an Ajv key). */
  function schemaFindings(key: string, body: unknown): string[] {
    const validate = ajv.getSchema(key)
    return validate && !validate(body) ? explainErrors(validate.errors ?? [], body) : []
  }

  /** A problem+json body against components.schemas.Problem, with its status equal to the HTTP one. */
  const checkProblem = (res: Pick<ResponseToCheck, 'status' | 'body'>): string[] => [
    ...schemaFindings(pointerTo('components', 'schemas', 'Problem'), res.body),
    ...statusFindings(res),
  ]

  function check(res: ResponseToCheck): string[] {
    const operation = findOperation(res.method, res.path)
    if (operation === undefined)
      return [`  - the document has no operation ${res.method} for ${res.path}`]
    const { responses } = operation
    const status = String(res.status)
    const response = [status, `${status[0] ?? ''}XX`, 'default']
      .map((code) => responses.find((documented) => documented.code === code))
      .find((documented) => documented !== undefined)
    if (response === undefined) {
      return [
        `  - status ${status} is not documented for this operation (documented: ${responses.map(({ code }) => code).join(', ')})`,
      ]
    }
    const findings = response.headers
      .filter(({ name }) => res.headers[name.toLowerCase()] === undefined)
      .map(({ name }) => `  - the documented header ${name} is missing`)
    const { content } = response
    if (content.length === 0) {
      if (res.text !== '')
        findings.push(`  - status ${status} has no body in the document, got ${excerpt(res.text)}`)
      return findings
    }
    const contentType = res.headers['content-type']
    const mediaType =
      typeof contentType === 'string' ? (contentType.split(';')[0] ?? '').trim().toLowerCase() : ''
    const media = content.find(({ type }) => type === mediaType)
    if (media === undefined) {
      findings.push(
        `  - content type ${mediaType || '(none)'} is not documented for status ${status} (documented: ${content.map(({ type }) => type).join(', ')})`,
      )
      return findings
    }
    if (res.body === undefined) findings.push(`  - the body is not JSON: ${excerpt(res.text)}`)
    else findings.push(...schemaFindings(media.schemaKey, res.body))
    if (mediaType === 'application/problem+json' && isObject(res.body))
      findings.push(...statusFindings(res))
    return findings
  }

  return { findOperation, check, checkProblem, explainErrors }
}
