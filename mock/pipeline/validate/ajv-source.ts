// The validators compiled at run time, with Ajv: what Node uses. Ajv compiles with `new Function`,
// which a strict Content-Security-Policy forbids, so the browser build swaps this module for the
// validators it generated (scripts/build-browser.ts).
import type { Options } from 'ajv'
import type { Ajv2020 } from 'ajv/dist/2020.js'
import { createDocumentAjv, type OpenApiDocument } from '../../../openapi/document.ts'
import type { Validator, ValidatorMode, ValidatorSource } from './compile-operations.ts'

/**
 * Each mode's Ajv options, shared with the build so that its validators answer the same.
 * verbose: an error carries its schema, from which its message is written;
 * useDefaults: a body's fields with a default in the document arrive with it;
 * coerceTypes: query strings, path parameters and forms carry only strings.
 */
export const AJV_OPTIONS: Readonly<Record<ValidatorMode, Options>> = {
  strict: { verbose: true, useDefaults: true },
  coercing: { coerceTypes: true, verbose: true, useDefaults: true },
}

/** Compiles each validator when asked, one Ajv instance per mode, made on first use. */
export function createAjvSource(document: OpenApiDocument): ValidatorSource {
  const instances = new Map<ValidatorMode, Ajv2020>()
  const ajvOf = (mode: ValidatorMode): Ajv2020 => {
    let ajv = instances.get(mode)
    if (!ajv) {
      ajv = createDocumentAjv(document, AJV_OPTIONS[mode])
      instances.set(mode, ajv)
    }
    return ajv
  }
  return {
    validator(mode, target): Validator {
      const ajv = ajvOf(mode)
      if ('schema' in target) return ajv.compile(target.schema)
      const validate = ajv.getSchema(target.pointer)
      if (!validate) throw new Error(`the document has no schema at ${target.pointer}`)
      return validate
    },
  }
}
