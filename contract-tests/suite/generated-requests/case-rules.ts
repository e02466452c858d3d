// The rules of the catalogue (suite/rules/) a check of generated requests covers: each rule its
// broken requests break, the documented statuses they must get, and decisions 3 and 5 when it
// sends unknown parameters or fields. A check declares them when it registers, from requests
// drawn without the pinned values (no record exists yet); when it runs, the requests drawn with
// them must still break each one, or the check fails naming what it no longer covers.
import { contractRules } from '../rules/contract-rules.ts'
import { decisionRule, statusRule } from '../rules/rule.ts'
import type { Operation } from '../support/operations.ts'
import type { RequestCase } from './request-case.ts'

/** The rule ids the cases break, each once. */
export const rulesOf = (cases: readonly RequestCase[]): string[] => [
  ...new Set(cases.flatMap(({ rules = [] }) => rules)),
]

/** The operation's documented 2xx statuses: a valid request must get one. */
const successRules = (operation: Operation): string[] =>
  contractRules().flatMap((rule) =>
    rule.kind === 'status' &&
    rule.operationId === operation.id &&
    rule.status >= 200 &&
    rule.status < 300
      ? [rule.id]
      : [],
  )

/** What a check of `cases` covers: `refusal` is 422 for bodies, 400 for query strings. */
export function coversOf(
  operation: Operation,
  cases: readonly RequestCase[],
  refusal: 400 | 422,
): string[] {
  const broken = rulesOf(cases)
  const unknownSent = broken.some((id) =>
    refusal === 422 ? id.endsWith(':additionalProperties') : id.endsWith(':unknown'),
  )
  return [
    ...successRules(operation),
    statusRule(operation.id, refusal),
    ...(unknownSent ? [decisionRule(refusal === 422 ? 5 : 3)] : []),
    ...broken,
  ]
}

/** Fails when the cases that run break fewer rules than the check declared. */
export function assertStillCovers(
  declared: readonly string[],
  cases: readonly RequestCase[],
): void {
  const broken = new Set(rulesOf(cases))
  const lost = declared.filter(
    (id) => (id.startsWith('field:') || id.startsWith('query:')) && !broken.has(id),
  )
  if (lost.length > 0) {
    throw new Error(
      `The requests drawn for this run break none of these rules the check declared it covers: ${lost.join(', ')}`,
    )
  }
}
