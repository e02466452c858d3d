// Generated faults for the documented answers with a body (`status:<operation>:<2xx>` rules of the
// catalogue): a proxy (faulty/proxy.ts) in front of the mock that adds a property the document
// does not have (decision 18: responses are closed) to the operation's answers with that status,
// named after the operation, so a failure shows whose answer leaked it.
import type { OpenApiDocument } from '../../../openapi/document.ts'
import { catalogueOf } from '../../suite/rules/catalogue.ts'
import { rewritingAnswers, type StatusRule } from './json-faults.ts'
import type { FaultyServer } from './run-faulty.ts'

/** `leaked_by_getContact`: the property added to the rule's answers. */
export const leakedProperty = (rule: StatusRule): string => `leaked_by_${rule.operationId ?? ''}`

/** A 2xx with a body: 204 has none. */
const hasBody = ({ status }: StatusRule): boolean => status >= 200 && status < 300 && status !== 204

/** The mock behind a proxy that adds a leaked property to each 2xx JSON answer with a body. */
export function leakingFields(document: OpenApiDocument): FaultyServer {
  const rules = catalogueOf(document).filter(
    (rule): rule is StatusRule => rule.kind === 'status' && hasBody(rule),
  )
  return rewritingAnswers(document, 'generated-leaks', rules, (body, rule) => ({
    ...body,
    [leakedProperty(rule)]: 'x',
  }))
}
