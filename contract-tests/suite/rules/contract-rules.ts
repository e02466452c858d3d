// The catalogue of the document the run holds the target to (--document), for the checks.
import { contractDocument } from '../support/document.ts'
import { catalogueOf } from './catalogue.ts'
import type { Rule } from './rule.ts'

let rules: Rule[] | undefined

/** The run's rules, read once per test process. */
export function contractRules(): Rule[] {
  rules ??= catalogueOf(contractDocument)
  return rules
}
