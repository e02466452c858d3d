import type { OpenAPIV3_1 } from 'openapi-types'
import {
  createDocumentAjv,
  pointerOf,
  pointerTo,
  resolveRef,
  type OpenApiDocument,
} from './document.ts'

export interface ResponseToCheck {
  /** The document's path template and method; omitted for a path the document does not have. */
  operation?: { path: string; method: string }
  status: number
  contentType: string | undefined
  headers: Record<string, unknown>
  /** The parsed JSON body, or undefined when the response had none. */
  body: unknown
}

type ResponseObject = OpenAPIV3_1.ResponseObject
const PROBLEM = 'application/problem+json'

function findResponse(
  document: OpenApiDocument,
  check: ResponseToCheck,
  path: string,
  method: string,
) {
  const operation = (
    document.paths?.[path] as Record<string, OpenAPIV3_1.OperationObject> | undefined
  )?.[method]
  if (!operation) return { violation: `${method.toUpperCase()} ${path} is not in the document` }
  const responses = operation.responses ?? {}
  const key = [String(check.status), `${String(check.status).charAt(0)}XX`, 'default'].find(
    (candidate) => candidate in responses,
  )
  const item = key === undefined ? undefined : responses[key]
  if (key === undefined || !item) {
    const documented = Object.keys(responses).join(', ')
    return {
      violation: `status ${String(check.status)} is not documented for ${method.toUpperCase()} ${path} (documented: ${documented})`,
    }
  }
  return { item, at: ['paths', path, method, 'responses', key] }
}

/**
 * Checks a response against the document: the status is documented for the operation, the
 * documented headers are there, the content type is one the document lists, and the body
 * validates against its schema. Returns the violations, empty when the response conforms.
 */
export function createResponseValidator(document: OpenApiDocument) {
  const ajv = createDocumentAjv(document)
  return function validateResponse(check: ResponseToCheck): string[] {
    let response: ResponseObject
    let base: string
    if (check.operation) {
      const found = findResponse(document, check, check.operation.path, check.operation.method)
      if ('violation' in found) return [found.violation ?? 'unknown operation']
      response = resolveRef<ResponseObject>(document, found.item)
      base = pointerOf(found.item, found.at)
    } else {
      response = { description: 'any problem', content: { [PROBLEM]: {} } }
      base = pointerTo('components', 'schemas', 'Problem')
    }
    const violations = Object.keys(response.headers ?? {})
      .filter((name) => check.headers[name.toLowerCase()] === undefined)
      .map((name) => `the documented header ${name} is missing`)
    const content = response.content ?? {}
    if (Object.keys(content).length === 0) {
      if (check.body !== undefined) violations.push('a body was sent where the document has none')
      return violations
    }
    const mediaType = (check.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
    if (!(mediaType in content)) {
      const listed = Object.keys(content).join(', ')
      return [
        ...violations,
        `content type '${check.contentType ?? ''}' is not documented (${listed})`,
      ]
    }
    const pointer = check.operation
      ? `${base}/content/${mediaType.replace('/', '~1')}/schema`
      : base
    const validate = ajv.getSchema(pointer)
    if (!validate) return [...violations, `no schema at ${pointer}`]
    if (!validate(check.body)) {
      for (const error of validate.errors ?? []) {
        violations.push(
          `body${error.instancePath} ${error.message ?? 'is invalid'} ${JSON.stringify(error.params)} (schema ${error.schemaPath})`,
        )
      }
    }
    return violations
  }
}
