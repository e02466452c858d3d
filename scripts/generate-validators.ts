// The validators the core compiles, generated ahead of time as JavaScript (Ajv's standalone code):
// a page with a strict Content-Security-Policy runs them where Ajv's `new Function` is refused.
// Which validators there are is asked of the core itself (compileOperations with a source that
// takes notes), so the build never lists them by hand.
import standaloneModule from 'ajv/dist/standalone/index.js'
import { createDocumentAjv, type OpenApiDocument } from '../openapi/document.ts'
import { AJV_OPTIONS } from '../mock/pipeline/validate/ajv-source.ts'
import {
  compileOperations,
  validatorKeyOf,
  type SchemaTarget,
  type ValidatorMode,
} from '../mock/pipeline/validate/compile-operations.ts'

// ajv/dist/standalone is CommonJS: under NodeNext its default export is the module object.
const standaloneCode = standaloneModule as unknown as typeof standaloneModule.default

export const VALIDATOR_MODES: readonly ValidatorMode[] = ['strict', 'coercing']

export interface WantedValidator {
  mode: ValidatorMode
  target: SchemaTarget
}

/** Every validator the core asks for this document, in the order it asks. */
export function listValidators(document: OpenApiDocument): WantedValidator[] {
  const wanted: WantedValidator[] = []
  const noted = (): boolean => true
  compileOperations(document, {
    source: {
      validator(mode, target) {
        wanted.push({ mode, target })
        return noted
      },
    },
  })
  return wanted
}

/**
 * One mode's validators of a document as an ES module: Ajv's standalone code, then
 * `export const validators`, each validator under its key (compile-operations.ts validatorKeyOf).
 * Its imports are Ajv's run-time helpers and ajv-formats' formats, by package name: a bundler
 * resolves them. Each mode is a module of its own, since each Ajv instance names its functions
 * from 0.
 */
export function generateValidators(document: OpenApiDocument, mode: ValidatorMode): string {
  const ajv = createDocumentAjv(document, {
    ...AJV_OPTIONS[mode],
    code: { source: true, esm: true },
  })
  const exported = new Map<unknown, string>()
  const keys = new Map<string, string>()
  const refs: Record<string, string> = {}
  for (const [index, { target }] of listValidators(document)
    .filter((wanted) => wanted.mode === mode)
    .entries()) {
    // operations that share a request body ask for its schema each
    const key = validatorKeyOf(mode, target)
    if (keys.has(key)) continue
    let id: string
    if ('schema' in target) {
      // a relative id: the schema's $refs to `openapi.json#/...` resolve as when compiled bare
      id = `made-${String(index)}.json`
      ajv.addSchema(target.schema, id)
    } else {
      id = target.pointer
    }
    // a schema that is only a $ref is the function of its target: exported once, named twice
    const validate = ajv.getSchema(id)
    let name = exported.get(validate)
    if (name === undefined) {
      name = `v${String(exported.size)}`
      exported.set(validate, name)
      refs[name] = id
    }
    keys.set(key, name)
  }
  const table = [...keys].map(([key, name]) => `  ${JSON.stringify(key)}: ${name},`).join('\n')
  return `${standaloneCode(ajv, refs)}\nexport const validators = {\n${table}\n}\n`
}
