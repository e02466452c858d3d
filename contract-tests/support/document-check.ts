// Judges one response against openapi/openapi.yaml: the status is documented for the operation,
// the content type matches, the body validates (JSON Schema 2020-12, the same file), and a Prism
// proxy in front of the target reported no response-side violation.
import { readFileSync } from 'node:fs'
import type { ErrorObject, ValidateFunction } from 'ajv'
import {
  createDocumentAjv,
  DOCUMENT_ID,
  loadDocument,
  type OpenApiDocument,
} from '../../openapi/document.ts'
import type { ApiResponse } from './api.ts'
import { describeRequest, excerpt, valueAt } from './describe.ts'

type Json = Record<string, unknown>

/** globalSetup parses openapi/openapi.yaml once and leaves a JSON copy for the test files. */
const parsedCopy = process.env['CONTRACT_DOCUMENT_JSON']
const document =
  parsedCopy === undefined
    ? loadDocument()
    : (JSON.parse(readFileSync(parsedCopy, 'utf8')) as OpenApiDocument)
// verbose: errors carry their schema object, which locates them in the document.
const ajv = createDocumentAjv(document, { verbose: true, validateSchema: false })

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const escape = (segment: string): string => segment.replaceAll('~', '~0').replaceAll('/', '~1')
const unescape = (segment: string): string => segment.replaceAll('~1', '/').replaceAll('~0', '~')

/** Where each schema object sits in the document, to name it in failure messages. */
const locations = new Map<object, string>()
;(function index(node: unknown, pointer: string): void {
  if (typeof node !== 'object' || node === null || locations.has(node)) return
  locations.set(node, pointer)
  for (const [key, value] of Object.entries(node)) index(value, `${pointer}/${escape(key)}`)
})(document, '#')

/** Follows a local `$ref` chain; returns the object and its pointer segments. */
function resolve(
  node: unknown,
  segments: string[],
): { node: Json; segments: string[] } | undefined {
  if (!isObject(node)) return undefined
  const ref = node['$ref']
  if (typeof ref !== 'string') return { node, segments }
  const target = ref.replace(/^#\//, '').split('/').map(unescape)
  const found = target.reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), document)
  return resolve(found, target)
}

const TEMPLATES = Object.keys(document.paths ?? {}).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}))

export interface DocumentedOperation {
  template: string
  method: string
  operation: Json
}

export function findOperation(method: string, path: string): DocumentedOperation | undefined {
  const template = TEMPLATES.find(({ pattern }) => pattern.test(path))?.template
  if (template === undefined) return undefined
  const operation = (document.paths?.[template] as Json | undefined)?.[method.toLowerCase()]
  return isObject(operation) ? { template, method: method.toLowerCase(), operation } : undefined
}

const mediaTypeOf = (res: ApiResponse): string | undefined =>
  res.headers['content-type']?.split(';')[0]?.trim().toLowerCase()

/** Ajv errors as lines that show the offending part of the body and the schema path. */
export function explainErrors(errors: readonly ErrorObject[], body: unknown): string[] {
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

/** Prism's sl-violations that concern the response (request-side ones are expected in some tests). */
export function responseViolations(res: ApiResponse): string[] {
  const header = res.headers['sl-violations']
  if (header === undefined || header === '') return []
  let parsed: unknown
  try {
    parsed = JSON.parse(header)
  } catch {
    return [`  - unreadable sl-violations header: ${excerpt(header)}`]
  }
  return (Array.isArray(parsed) ? parsed : [])
    .filter((item): item is Json => isObject(item))
    .filter((item) => Array.isArray(item['location']) && item['location'][0] === 'response')
    .map((item) => `  - Prism: ${String(item['message'])} (${String(item['severity'])})`)
}

export function validatorFor(pointer: string[]): ValidateFunction | undefined {
  return ajv.getSchema(`${DOCUMENT_ID}#/${pointer.map(escape).join('/')}`)
}

/** Everything wrong with the response, or an empty list. */
export function checkAgainstDocument(res: ApiResponse): string[] {
  const found = findOperation(res.request.method, res.request.path)
  if (found === undefined) {
    return [`  - the document has no operation ${res.request.method} for ${res.request.path}`]
  }
  const responses = isObject(found.operation['responses']) ? found.operation['responses'] : {}
  const status = String(res.status)
  const code = [status, `${status[0] ?? ''}XX`, 'default'].find((key) => key in responses)
  if (code === undefined) {
    const documented = Object.keys(responses).join(', ')
    return [`  - status ${status} is not documented for this operation (documented: ${documented})`]
  }
  const base = ['paths', found.template, found.method, 'responses', code]
  const response = resolve(responses[code], base)
  const content = response && isObject(response.node['content']) ? response.node['content'] : {}
  const mediaType = mediaTypeOf(res)
  const problems = responseViolations(res)
  if (Object.keys(content).length === 0) {
    if (res.text !== '')
      problems.push(`  - status ${status} has no body in the document, got ${excerpt(res.text)}`)
    return problems
  }
  if (mediaType === undefined || !(mediaType in content)) {
    const documented = Object.keys(content).join(', ')
    problems.push(
      `  - content type ${mediaType ?? '(none)'} is not documented for status ${status} (documented: ${documented})`,
    )
    return problems
  }
  const validate = validatorFor([...(response?.segments ?? base), 'content', mediaType, 'schema'])
  if (res.body === undefined) problems.push(`  - the body is not JSON: ${excerpt(res.text)}`)
  else if (validate !== undefined && !validate(res.body))
    problems.push(...explainErrors(validate.errors ?? [], res.body))
  if (
    mediaType === 'application/problem+json' &&
    isObject(res.body) &&
    res.body['status'] !== res.status
  ) {
    problems.push(
      `  - the problem's status ${String(res.body['status'])} is not the HTTP status ${status}`,
    )
  }
  return problems
}

export function documentFailure(res: ApiResponse, problems: string[]): string {
  return [
    `The response does not match openapi/openapi.yaml`,
    describeRequest(res),
    ...problems,
  ].join('\n')
}
