import type { ErrorObject } from 'ajv'
import type { OpenApiDocument } from '../../../openapi/document.ts'
import {
  isNamed,
  modelOf,
  type DocumentParameter,
  type HttpMethod,
} from '../../../openapi/document-model.ts'
import type { operations } from '../../../openapi/types.ts'
import { createAjvSource } from './ajv-source.ts'

export type OperationId = keyof operations

/** What the pipeline needs of an Ajv validator: call it, then read its errors. */
export interface Validator {
  (data: unknown): boolean
  errors?: ErrorObject[] | null | undefined
}

/** Query strings, path parameters and forms carry only strings: their validators coerce. */
export type ValidatorMode = 'strict' | 'coercing'

/**
 * A schema to validate with: one of the document's, by its Ajv key (`openapi.json#/...`), or one
 * made here from an operation's parameters, under a key stable from one build to the next.
 */
export type SchemaTarget = { pointer: string } | { key: string; schema: object }

/**
 * Where compiled validators come from: Ajv at run time (ajv-source.ts, the default), or the
 * validators the browser build generated ahead of time (no `new Function` in the page).
 */
export interface ValidatorSource {
  validator(mode: ValidatorMode, target: SchemaTarget): Validator
}

/** One name for a validator of a document: the key generated validators are found by. */
export const validatorKeyOf = (mode: ValidatorMode, target: SchemaTarget): string =>
  `${mode} ${'pointer' in target ? target.pointer : target.key}`

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
  body:
    | {
        required: boolean
        validators: Map<string, Validator>
        /** Types a form body's nested text by the JSON body's schema (coercing). */
        typeForm: Validator | undefined
      }
    | undefined
}

export const FORM = 'application/x-www-form-urlencoded'
/** Its parts are text too, read as the urlencoded form (validate-request.ts). */
export const MULTIPART = 'multipart/form-data'
export const JSON_TYPE = 'application/json'

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

/** The parameters as one object schema, each property a `$ref` to the parameter's schema. */
const parametersSchema = (parameters: readonly DocumentParameter[]) => ({
  type: 'object',
  properties: Object.fromEntries(parameters.map((p) => [p.name, { $ref: p.schemaKey }])),
})

function compileQuery(
  prepare: Prepare,
  compile: (key: string, schema: object) => Validator,
  parameters: readonly DocumentParameter[],
): CompiledQuery {
  const queryParams = parameters.filter((p) => p.in === 'query')
  const schemaOf = (p: DocumentParameter) =>
    (p.schema ?? {}) as { type?: unknown; default?: unknown }
  return {
    validate: prepare(() =>
      compile('query', { ...parametersSchema(queryParams), additionalProperties: false }),
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
 * errors show when the mock starts. `source`: where validators come from (Ajv at run time).
 */
export function compileOperations(
  document: OpenApiDocument,
  {
    onFirstUse = false,
    source = createAjvSource(document),
  }: { onFirstUse?: boolean; source?: ValidatorSource } = {},
): CompiledOperation[] {
  const prepare: Prepare = onFirstUse ? compileOnFirstCall : (compile) => compile()
  return modelOf(document)
    .operations.filter(isNamed)
    .map((operation) => {
      const { operationId, parameters, requestBody, bodies } = operation
      // the operationId names the schemas made here: unique in a document, stable across builds
      const compile = (part: string, schema: object): Validator =>
        source.validator('coercing', { key: `${operationId}:${part}`, schema })
      const pathParams = parameters.filter((p) => p.in === 'path')
      const validatePath = prepare(() => compile('path', parametersSchema(pathParams)))
      const json = bodies.find(({ type }) => type === JSON_TYPE)
      const form = bodies.some(({ type }) => type === FORM || type === MULTIPART)
      if (form && !json) {
        throw new Error(
          `${operationId}: a form body is read as the JSON body with the same nesting, which the operation must list too`,
        )
      }
      return {
        operationId: operationId as OperationId,
        method: operation.verb,
        documentPath: operation.template,
        secured: operation.security.some((requirement) => Object.keys(requirement).length > 0),
        validatePath,
        query: compileQuery(prepare, compile, parameters),
        body: requestBody && {
          required: requestBody.required ?? false,
          validators: new Map(
            bodies.map(({ type, schemaKey: pointer }) => {
              const mode = type === FORM || type === MULTIPART ? 'coercing' : 'strict'
              return [type, prepare(() => source.validator(mode, { pointer }))]
            }),
          ),
          typeForm:
            form && json
              ? prepare(() => source.validator('coercing', { pointer: json.schemaKey }))
              : undefined,
        },
      }
    })
}
