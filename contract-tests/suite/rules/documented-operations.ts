// The operations of a document as the rule catalogue needs them: what each documents (statuses and
// their headers, parameters, body media types, security), `$ref`s resolved. Pure: it is given the
// document, so the runner and the checks read the same catalogue of the run's document.
import type { OpenAPIV3_1 } from 'openapi-types'
import { HTTP_METHODS, resolveRef, type OpenApiDocument } from '../../../openapi/document.ts'

type Parameter = OpenAPIV3_1.ParameterObject
type Response = OpenAPIV3_1.ResponseObject

export interface DocumentedResponse {
  status: number
  description: string
  /** The header names it documents, as the document spells them. */
  headers: string[]
}

export interface DocumentedOperation {
  /** The operationId, or `METHOD template` when the document gives none. */
  id: string
  method: string
  template: string
  parameters: Parameter[]
  /** Media type → its body schema (raw: the schema views follow its `$ref`s). */
  bodies: [mediaType: string, schema: unknown][]
  responses: DocumentedResponse[]
  /** Some security requirement applies and none of them is empty. */
  requiresToken: boolean
}

const resolve = <T extends object>(
  document: OpenApiDocument,
  item: T | OpenAPIV3_1.ReferenceObject,
): T => resolveRef<T>(document, item)

function responsesOf(
  document: OpenApiDocument,
  responses: OpenAPIV3_1.ResponsesObject | undefined,
): DocumentedResponse[] {
  return Object.entries(responses ?? {}).flatMap(([code, item]) => {
    const status = Number(code)
    if (!Number.isInteger(status)) return []
    const response = resolve<Response>(document, item)
    return [
      {
        status,
        description: response.description,
        headers: Object.keys(response.headers ?? {}),
      },
    ]
  })
}

/** Every operation of the document, in document order. */
export function documentedOperations(document: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(document.paths ?? {}).flatMap(([template, item]) =>
    item === undefined
      ? []
      : HTTP_METHODS.flatMap((verb) => {
          const operation = item[verb]
          if (operation === undefined) return []
          const method = verb.toUpperCase()
          const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])]
          const body =
            operation.requestBody === undefined
              ? undefined
              : resolve<OpenAPIV3_1.RequestBodyObject>(document, operation.requestBody)
          const security = operation.security ?? document.security ?? []
          return [
            {
              id: operation.operationId ?? `${method} ${template}`,
              method,
              template,
              parameters: parameters.map((parameter) => resolve<Parameter>(document, parameter)),
              bodies: Object.entries(body?.content ?? {}).map(
                ([type, media]): [string, unknown] => [type, media.schema],
              ),
              responses: responsesOf(document, operation.responses),
              requiresToken:
                security.length > 0 &&
                security.every((requirement) => Object.keys(requirement).length > 0),
            },
          ]
        }),
  )
}

export const documents = (operation: DocumentedOperation, status: number): boolean =>
  operation.responses.some((response) => response.status === status)

export const queryParametersOf = (operation: DocumentedOperation): Parameter[] =>
  operation.parameters.filter((parameter) => parameter.in === 'query')

/** The path's record ids: every path parameter but the organization's. */
export const recordIdsOf = (operation: DocumentedOperation): Parameter[] =>
  operation.parameters.filter((parameter) => parameter.in === 'path' && parameter.name !== 'org_id')

export const isOrgScoped = (operation: DocumentedOperation): boolean =>
  operation.parameters.some((parameter) => parameter.in === 'path' && parameter.name === 'org_id')
