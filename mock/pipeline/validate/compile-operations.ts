import type { Ajv2020 } from 'ajv/dist/2020.js'
import type { ErrorObject, ValidateFunction } from 'ajv'
import type { OpenAPIV3_1 } from 'openapi-types'
import {
  HTTP_METHODS,
  createDocumentAjv,
  pointerOf,
  resolveRef,
  type HttpMethod,
  type OpenApiDocument,
} from '../../../openapi/document.ts'
import type { operations } from '../../../openapi/types.ts'

export type OperationId = keyof operations

type Parameter = OpenAPIV3_1.ParameterObject

/** What the pipeline needs of an Ajv validator: call it, then read its errors. */
export interface Validator {
  (data: unknown): boolean
  errors?: ErrorObject[] | null | undefined
}

export interface CompiledQuery {
  validate: Validator
  /** Parameters that are arrays: a single `include[]=x` is still an array (form style, explode). */
  arrays: ReadonlySet<string>
  /** The document's defaults, set where a parameter is absent. */
  defaults: readonly (readonly [string, unknown])[]
}

export interface CompiledOperation {
  operationId: OperationId
  method: HttpMethod
  documentPath: string
  secured: boolean
  validatePath: Validator
  query: CompiledQuery
  /** Validators per media type of the request body; undefined when the operation takes none. */
  body: { required: boolean; validators: Map<string, Validator> } | undefined
}

const FORM = 'application/x-www-form-urlencoded'
/** Read as a form (read-body.ts): its values are strings too. */
const MULTIPART = 'multipart/form-data'

/** Compiles on the first call: a third of the start-up goes to compiling validators. */
function compileOnFirstCall(compile: () => Validator): Validator {
  let compiled: Validator | undefined
  const validate: Validator = (data) => {
    compiled ??= compile()
    const valid = compiled(data)
    validate.errors = compiled.errors
    return valid
  }
  return validate
}

type Prepare = (compile: () => Validator) => Validator

function compileQuery(
  prepare: Prepare,
  ajv: () => Ajv2020,
  parameters: Parameter[],
  pointers: Map<string, string>,
): CompiledQuery {
  const queryParams = parameters.filter((p) => p.in === 'query')
  const properties = Object.fromEntries(
    queryParams.map((p) => [p.name, { $ref: pointers.get(p.name) }]),
  )
  const schemaOf = (p: Parameter) => (p.schema ?? {}) as { type?: unknown; default?: unknown }
  return {
    validate: prepare(() =>
      ajv().compile({ type: 'object', properties, additionalProperties: false }),
    ),
    arrays: new Set(queryParams.filter((p) => schemaOf(p).type === 'array').map((p) => p.name)),
    defaults: queryParams.flatMap((p) => {
      const fallback = schemaOf(p).default
      return fallback === undefined ? [] : [[p.name, fallback] as const]
    }),
  }
}

/**
 * Compiles, from the document alone, what each operation accepts. Form bodies and query strings
 * carry only strings, so their validators coerce to the schema's types; JSON is taken as typed.
 * `onFirstUse`: each validator is compiled when first needed, for a document already known to
 * compile (the package's own, linted in CI); a user's document is compiled at once, so that its
 * errors show when the mock starts.
 */
export function compileOperations(
  document: OpenApiDocument,
  { onFirstUse = false }: { onFirstUse?: boolean } = {},
): CompiledOperation[] {
  // verbose: an error carries its schema, from which its message is written
  // useDefaults: a body's fields with a default in the document arrive with it
  let strictAjv: Ajv2020 | undefined
  let coercingAjv: Ajv2020 | undefined
  const strict = (): Ajv2020 =>
    (strictAjv ??= createDocumentAjv(document, { verbose: true, useDefaults: true }))
  const coercing = (): Ajv2020 =>
    (coercingAjv ??= createDocumentAjv(document, {
      coerceTypes: true,
      verbose: true,
      useDefaults: true,
    }))
  const prepare: Prepare = onFirstUse ? compileOnFirstCall : (compile) => compile()
  const compiled: CompiledOperation[] = []
  for (const [documentPath, pathItem] of Object.entries(document.paths ?? {})) {
    if (!pathItem) continue
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method]
      if (!operation?.operationId) continue
      const where = ['paths', documentPath]
      const pointers = new Map<string, string>()
      const parameters: Parameter[] = []
      for (const [owner, list] of [
        [[...where, 'parameters'], pathItem.parameters ?? []],
        [[...where, method, 'parameters'], operation.parameters ?? []],
      ] as const) {
        for (const [index, item] of list.entries()) {
          const parameter = resolveRef<Parameter>(document, item)
          parameters.push(parameter)
          pointers.set(parameter.name, `${pointerOf(item, [...owner, String(index)])}/schema`)
        }
      }
      const pathParams = parameters.filter((p) => p.in === 'path')
      const validatePath = prepare(() =>
        coercing().compile({
          type: 'object',
          properties: Object.fromEntries(
            pathParams.map((p) => [p.name, { $ref: pointers.get(p.name) }]),
          ),
        }),
      )
      const requestBody =
        operation.requestBody &&
        resolveRef<OpenAPIV3_1.RequestBodyObject>(document, operation.requestBody)
      const security = operation.security ?? document.security ?? []
      compiled.push({
        operationId: operation.operationId as OperationId,
        method,
        documentPath,
        secured: security.some((requirement) => Object.keys(requirement).length > 0),
        validatePath,
        query: compileQuery(prepare, coercing, parameters, pointers),
        body: requestBody && {
          required: requestBody.required ?? false,
          validators: new Map(
            Object.keys(requestBody.content).map((mediaType) => {
              const ajv = mediaType === FORM || mediaType === MULTIPART ? coercing : strict
              const base = pointerOf(operation.requestBody ?? {}, [...where, method, 'requestBody'])
              const pointer = `${base}/content/${mediaType.replace('/', '~1')}/schema`
              return [mediaType, prepare(() => ajv().getSchema(pointer) as ValidateFunction)]
            }),
          ),
        },
      })
    }
  }
  return compiled
}
