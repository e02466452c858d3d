// The operations of the document, for the checks that walk all of them (authentication, isolation,
// bodies, query strings, methods): the list is read from the document, so an operation added to
// it is checked at once; when a check cannot build a request for one, it fails naming it.
import { randomUUID } from 'node:crypto'
import type { OpenAPIV3_1 } from 'openapi-types'
import { resolveRef } from '../../../openapi/document.ts'
import { modelOf, type DocumentOperation } from '../../../openapi/document-model.ts'
import { call, type ApiResponse, type Method, type RequestOptions } from './api.ts'
import { contractDocument } from './document.ts'
import { contractEnv } from './env.ts'

export { isOrgScoped, takesBody } from '../rules/documented-operations.ts'
export { requiresToken } from '../../../openapi/document-model.ts'

const SENDABLE: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']
const isSendable = (method: string): method is Method =>
  (SENDABLE as readonly string[]).includes(method)
const READS: readonly string[] = ['GET', 'HEAD', 'OPTIONS']

/** The methods a path of the API either has or answers 405 to (HEAD and OPTIONS are CORS's). */
export const API_METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

export type Operation = DocumentOperation

export interface DocumentedPath {
  readonly template: string
  readonly methods: readonly string[]
}

const resolve = <T extends object>(item: T | OpenAPIV3_1.ReferenceObject): T =>
  resolveRef<T>(contractDocument, item)

/** Every operation of the document, in document order. */
export const documentedOperations = (): Operation[] => [...modelOf(contractDocument).operations]

/** Every path of the document with the methods it has. */
export const documentedPaths = (): DocumentedPath[] =>
  modelOf(contractDocument).paths.map(({ template, operations }) => ({
    template,
    methods: [...operations.keys()],
  }))

export const labelOf = ({ method, template }: Operation): string => `${method} ${template}`

/** Whether a request with this method could change data: all but GET, HEAD and OPTIONS. */
export const isWrite = (method: string): boolean => !READS.includes(method)

export const writes = ({ method }: Operation): boolean => isWrite(method)

export const requiresBody = ({ requestBody }: Operation): boolean => requestBody?.required === true

/** Why a check cannot build a request for an operation: it names the operation, never skips it. */
export class CannotBuildRequest extends Error {
  constructor(operation: Operation, why: string) {
    super(
      `The contract suite cannot build a request for ${operation.id} (${labelOf(operation)}): ` +
        `${why}. Teach contract-tests/suite/support/operations.ts to build one.`,
    )
  }
}

function mediaOf(operation: Operation): [type: string, media: OpenAPIV3_1.MediaTypeObject] {
  const content = Object.entries(operation.requestBody?.content ?? {})
  const found =
    content.find(([type]) => type === 'application/json') ??
    content.find(([type]) => type === 'application/x-www-form-urlencoded')
  if (found === undefined) {
    throw new CannotBuildRequest(operation, 'its body is neither JSON nor a form')
  }
  return found
}

/** The top-level properties the body schema requires (those a 422 names when there is no body). */
export function requiredBodyFields(operation: Operation): string[] {
  const [, media] = mediaOf(operation)
  const schema = media.schema === undefined ? {} : resolve<OpenAPIV3_1.SchemaObject>(media.schema)
  return schema.required ?? []
}

/** `{ contact: { first_name: 'Ann' } }` → `contact[first_name]=Ann` */
export function formFieldsOf(value: unknown, prefix = ''): [string, string][] {
  if (Array.isArray(value)) {
    return value.flatMap((item: unknown) => formFieldsOf(item, `${prefix}[]`))
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) =>
      formFieldsOf(item, prefix === '' ? key : `${prefix}[${key}]`),
    )
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return [[prefix, String(value)]]
  }
  return [[prefix, '']]
}

/** The document's own example of the operation's body, as the request options that send it. */
export function exampleBody(operation: Operation): RequestOptions {
  const [type, media] = mediaOf(operation)
  const example: unknown =
    media.example ??
    Object.values(media.examples ?? {}).map(
      (item) => resolve<OpenAPIV3_1.ExampleObject>(item).value as unknown,
    )[0]
  if (example === undefined)
    throw new CannotBuildRequest(operation, `its ${type} body has no example`)
  return type === 'application/json' ? { json: example } : { form: formFieldsOf(example) }
}

/**
 * The operation's path: `org_id` is `orgId`, every other path parameter a fresh UUID (a record
 * id that names no record, so nothing is ever changed by the request).
 */
export function pathOf(operation: Operation, orgId: string): string {
  return operation.template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (name === 'org_id') return orgId
    const parameter = operation.parameters.find((item) => item.in === 'path' && item.name === name)
    if (resolve<OpenAPIV3_1.SchemaObject>(parameter?.schema ?? {}).format !== 'uuid') {
      throw new CannotBuildRequest(
        operation,
        `its path parameter {${name}} is not a UUID record id`,
      )
    }
    return randomUUID()
  })
}

/** The operation's method as the suite sends it; one it cannot send fails, naming the operation. */
export function methodOf(operation: Operation): Method {
  const { method } = operation
  if (!isSendable(method))
    throw new CannotBuildRequest(operation, `the suite cannot send ${method}`)
  return method
}

export interface OperationRequest extends RequestOptions {
  /** The organization in the path; CONTRACT_ORG_ID unless told. */
  orgId?: string
  /** Whether to send the document's example body; by default when the body is required. */
  withBody?: boolean
}

/** Sends one request to the operation: its path, its example body when required, and `options`. */
export async function callOperation(
  operation: Operation,
  {
    orgId = contractEnv().orgId,
    withBody = requiresBody(operation),
    ...options
  }: OperationRequest = {},
): Promise<ApiResponse> {
  const method = methodOf(operation)
  const body = withBody ? exampleBody(operation) : {}
  return call(method, pathOf(operation, orgId), { ...body, ...options })
}
