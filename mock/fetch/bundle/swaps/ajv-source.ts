// In the browser bundle, in place of pipeline/validate/ajv-source.ts: Ajv compiles with
// `new Function`, which a strict Content-Security-Policy refuses, and weighs 40 KB gzipped; the
// bundle's validators were generated at build time (bundle/generated-source.ts).
import type { createAjvSource as AjvSource } from '../../../pipeline/validate/ajv-source.ts'

export const createAjvSource: typeof AjvSource = () => {
  throw new Error(
    'The browser bundle compiles no validators at run time: give it the generated ones',
  )
}
