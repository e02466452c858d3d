import { readFileSync } from 'node:fs'
import type { ValidateFunction } from 'ajv'
import { createDocumentAjv, pointerTo, type OpenApiDocument } from '../../openapi/document.ts'
import { HttpError } from '../shared/problem.ts'
import { StartupError } from '../shared/startup-error.ts'
import { toFieldErrors } from '../pipeline/validate/validation-errors.ts'
import type { FaultBook, FaultRuleInput } from '../faults/fault-book.ts'

const describe = (errors: { field: string; message: string }[]): string =>
  errors.map(({ field, message }) => `${field} ${message}`).join('; ')

/**
 * `--faults FILE`: a JSON list of rules, each as `POST /__admin/faults` takes it, checked by the
 * same schema (openapi/admin.yaml) and the same rules. A bad file stops the start, naming the rule.
 */
export function loadFaultRules(file: string, admin: OpenApiDocument, book: FaultBook): void {
  let rules: unknown
  try {
    rules = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new StartupError(`--faults ${file} cannot be read as JSON: ${(error as Error).message}`)
  }
  if (!Array.isArray(rules)) {
    throw new StartupError(`--faults ${file} must hold a JSON list of fault rules.`)
  }
  const ajv = createDocumentAjv(admin, { useDefaults: true })
  const validate = ajv.getSchema(
    pointerTo('components', 'schemas', 'FaultRuleInput'),
  ) as ValidateFunction
  for (const [index, rule] of rules.entries()) {
    const where = `--faults ${file}, rule ${String(index + 1)}`
    if (!validate(rule)) {
      throw new StartupError(`${where}: ${describe(toFieldErrors(validate.errors ?? []))}.`)
    }
    try {
      book.add(rule as FaultRuleInput)
    } catch (error) {
      if (!(error instanceof HttpError)) throw error
      throw new StartupError(`${where}: ${describe(error.errors ?? [])}.`)
    }
  }
}
