// The document read once: its operations and what each states (method, path, parameters, bodies,
// responses and their headers, security), `$ref`s followed and every schema's Ajv key kept. The
// mock's validators, routes, faults and pages, the response check and the contract suite with its
// rule catalogue all read this one model instead of walking `paths` each, with who states each
// part (`x-provenance`, provenance.ts). Pure: the browser bundle runs it too.
import { OpenAPIV3, type OpenAPIV3_1 } from 'openapi-types'
import { escapePointer, locate, resolveRef, type OpenApiDocument } from './document.ts'
import { matchPath, toTemplate } from './path-templates.ts'
import { readProvenance, type ProvenanceStatement } from './provenance.ts'

/** The methods a path item may have, in the order OpenAPI lists them. */
export const HTTP_METHODS: readonly HttpMethod[] = Object.values(OpenAPIV3.HttpMethods)
export type HttpMethod = `${OpenAPIV3.HttpMethods}`

/** A parameter, `$ref` followed, with the Ajv key of its schema (where it is stated, `/schema`). */
export interface DocumentParameter extends OpenAPIV3_1.ParameterObject {
  readonly schemaKey: string
  /** Its `x-provenance`, where the parameter states one. */
  readonly provenance: ProvenanceStatement | undefined
}

/** A body of one media type: its schema as the document states it (a `$ref` is left), its key. */
export interface DocumentMedia {
  readonly type: string
  readonly schema: OpenAPIV3_1.MediaTypeObject['schema']
  readonly schemaKey: string
  /** The media type's `x-provenance` (a body type the kit decided to take). */
  readonly provenance: ProvenanceStatement | undefined
}

export interface DocumentHeader {
  readonly name: string
  /** Its schema, `$ref` followed; an empty one when it states none. */
  readonly schema: OpenAPIV3_1.SchemaObject
  readonly provenance: ProvenanceStatement | undefined
}

export interface DocumentResponse {
  /** As the document keys it: `200`, `4XX`, `default`. */
  readonly code: string
  /** The status it is for; undefined for a range or `default`. */
  readonly status: number | undefined
  readonly description: string
  readonly headers: readonly DocumentHeader[]
  /** Its bodies, in the document's order; none for an answer without one. */
  readonly content: readonly DocumentMedia[]
  /** Its `x-provenance` (an error's status is a decision), `$ref` followed. */
  readonly provenance: ProvenanceStatement | undefined
}

export interface DocumentOperation {
  /** The operationId, or `METHOD template` when the document gives none. */
  readonly id: string
  readonly operationId: string | undefined
  /** Upper case, as sent. */
  readonly method: Uppercase<HttpMethod>
  /** Its key in the path item. */
  readonly verb: HttpMethod
  readonly template: string
  readonly summary: string | undefined
  /** Its first tag. */
  readonly tag: string | undefined
  /** Its path's parameters, then its own. */
  readonly parameters: readonly DocumentParameter[]
  /** `$ref` followed; undefined when it takes no body. */
  readonly requestBody: OpenAPIV3_1.RequestBodyObject | undefined
  /** The request body per media type, in the document's order. */
  readonly bodies: readonly DocumentMedia[]
  readonly responses: readonly DocumentResponse[]
  /** Its security requirements, else the document's. */
  readonly security: readonly OpenAPIV3_1.SecurityRequirementObject[]
  /** Its `x-provenance`: the interface's operations, the docs' (login, the catalog). */
  readonly provenance: ProvenanceStatement | undefined
}

export interface DocumentPath {
  readonly template: string
  /** Its operations by method as sent (upper case), in the document's order. */
  readonly operations: ReadonlyMap<string, DocumentOperation>
}

export interface DocumentModel {
  /** Every operation, in the document's order. */
  readonly operations: readonly DocumentOperation[]
  /** Every path, with or without operations, in the document's order. */
  readonly paths: readonly DocumentPath[]
  /** The path a request path names, matched as the mock routes requests. */
  readonly findPath: (path: string) => DocumentPath | undefined
  readonly findOperation: (method: string, path: string) => DocumentOperation | undefined
}

/** An operation with an operationId: the ones the mock serves. */
export type NamedOperation = DocumentOperation & { readonly operationId: string }

export const isNamed = (operation: DocumentOperation): operation is NamedOperation =>
  operation.operationId !== undefined

/** Whether a request needs credentials: some requirement applies and none of them is empty. */
export const requiresToken = ({ security }: Pick<DocumentOperation, 'security'>): boolean =>
  security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0)

export const documentsStatus = (operation: DocumentOperation, status: number): boolean =>
  operation.responses.some((response) => response.status === status)

/** Each media type's schema, whose key is below `at` (where the content's owner lives). */
const mediaOf = (content: OpenAPIV3_1.ResponseObject['content'], at: string): DocumentMedia[] =>
  Object.entries(content ?? {}).map(([type, media]) => ({
    type,
    schema: media.schema,
    schemaKey: `${at}/content/${escapePointer(type)}/schema`,
    provenance: readProvenance(media, `${at}/content/${escapePointer(type)}`),
  }))

/** A parameter with its schema's key; `at` is where the document lists it. */
function parameterOf(
  document: OpenApiDocument,
  parameter: OpenAPIV3_1.ReferenceObject | OpenAPIV3_1.ParameterObject,
  at: readonly string[],
): DocumentParameter {
  const { node, key } = locate<OpenAPIV3_1.ParameterObject>(document, parameter, at)
  return { ...node, schemaKey: `${key}/schema`, provenance: readProvenance(node, key) }
}

function responsesOf(
  document: OpenApiDocument,
  // optional in OpenAPI 3.1, whatever the types say
  responses: OpenAPIV3_1.ResponsesObject | undefined,
  where: readonly string[],
): DocumentResponse[] {
  return Object.entries(responses ?? {}).map(([code, item]) => {
    const { node, key } = locate<OpenAPIV3_1.ResponseObject>(document, item, [...where, code])
    const status = Number(code)
    return {
      code,
      status: Number.isInteger(status) ? status : undefined,
      description: node.description,
      headers: Object.entries(node.headers ?? {}).map(([name, value]) => {
        const header = resolveRef<OpenAPIV3_1.HeaderObject>(document, value)
        const { schema = {} } = header
        return {
          name,
          schema: resolveRef<OpenAPIV3_1.SchemaObject>(document, schema),
          provenance: readProvenance(header, `${key}/headers/${name}`),
        }
      }),
      content: mediaOf(node.content, key),
      provenance: readProvenance(node, key),
    }
  })
}

const pointerOf = (where: readonly string[]): string => `#/${where.map(escapePointer).join('/')}`

function operationsOf(
  document: OpenApiDocument,
  template: string,
  item: OpenAPIV3_1.PathItemObject,
): DocumentOperation[] {
  return HTTP_METHODS.flatMap((verb) => {
    const operation = item[verb]
    if (operation === undefined) return []
    const where = ['paths', template, verb]
    const method = verb.toUpperCase() as Uppercase<HttpMethod>
    const parameters = [
      ...(item.parameters ?? []).map((parameter, index) =>
        parameterOf(document, parameter, ['paths', template, 'parameters', String(index)]),
      ),
      ...(operation.parameters ?? []).map((parameter, index) =>
        parameterOf(document, parameter, [...where, 'parameters', String(index)]),
      ),
    ]
    const body =
      operation.requestBody &&
      locate<OpenAPIV3_1.RequestBodyObject>(document, operation.requestBody, [
        ...where,
        'requestBody',
      ])
    return [
      {
        id: operation.operationId ?? `${method} ${template}`,
        operationId: operation.operationId,
        method,
        verb,
        template,
        summary: operation.summary,
        tag: operation.tags?.[0],
        parameters,
        requestBody: body?.node,
        bodies: body ? mediaOf(body.node.content, body.key) : [],
        responses: responsesOf(document, operation.responses, [...where, 'responses']),
        security: operation.security ?? document.security ?? [],
        provenance: readProvenance(operation, pointerOf(where)),
      },
    ]
  })
}

function buildModel(document: OpenApiDocument): DocumentModel {
  const paths = Object.entries(document.paths ?? {}).map(([template, item]) => {
    const operations = item === undefined ? [] : operationsOf(document, template, item)
    return { template, operations: new Map(operations.map((one) => [one.method, one])) }
  })
  const templates = paths.map((path) => toTemplate(path.template, path))
  const findPath = (path: string): DocumentPath | undefined => matchPath(templates, path)?.value
  return {
    operations: paths.flatMap((path) => [...path.operations.values()]),
    paths,
    findPath,
    findOperation: (method, path) => findPath(path)?.operations.get(method.toUpperCase()),
  }
}

const models = new WeakMap<OpenApiDocument, DocumentModel>()

/** The model of a document, built on the first call for it. */
export function modelOf(document: OpenApiDocument): DocumentModel {
  let model = models.get(document)
  if (model === undefined) {
    model = buildModel(document)
    models.set(document, model)
  }
  return model
}
