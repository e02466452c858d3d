// What the browser build generates: the documents, every validator compiled ahead of time, and
// the default fixtures as data. Outside the bundle nothing was built: scripts/build-browser.ts
// puts its generated module in this one's place.
import type { OpenApiDocument } from '../../../openapi/document.ts'
import type { Validator } from '../../pipeline/validate/compile-operations.ts'

/** One document's validators, each under its key (compile-operations.ts validatorKeyOf). */
export type GeneratedValidators = Readonly<Record<string, Validator>>

export interface Built {
  /** The two documents as the core reads them (descriptions and examples left out). */
  documents: { api: OpenApiDocument; admin: OpenApiDocument }
  validators: { api: GeneratedValidators; admin: GeneratedValidators }
  /** The default fixtures (createSeed with the default seed) as JSON: parsed anew for each reset. */
  fixtures: string
}

export const BUILT: Built | undefined = undefined
