// The order of checks (the decision titled "Order of checks"): its stages in the order the
// decision's text names them, and for each operation the adjacent pairs of the stages that apply
// to it, from what it documents. Reordering the decision's text reorders the rules.
import {
  documentsStatus,
  requiresToken,
  type DocumentOperation,
} from '../../../openapi/document-model.ts'
import type { Decision } from './decisions.ts'
import { isOrgScoped, recordIdsOf, takesBody } from './documented-operations.ts'
import { orderRule, type Rule, type RuleProvenance, type Stage } from './rule.ts'

interface StageReading {
  /** Where the decision's text names the stage: its first match. */
  named: RegExp
  /** What a person reads in a rule's title. */
  label: string
  /** Whether the stage can decide an answer of this operation. */
  applies: (operation: DocumentOperation) => boolean
}

/** The suite's names of the stages: how the decision's text names each, and when it applies. */
const STAGES: Readonly<Record<Stage, StageReading>> = {
  route: {
    named: /unknown path|\b405\b/,
    label: 'an unknown path or method (404, 405)',
    applies: () => true,
  },
  auth: {
    named: /\b401\b/,
    label: 'no valid token (401)',
    applies: (operation) => requiresToken(operation) && documentsStatus(operation, 401),
  },
  membership: {
    named: /\b403\b/,
    label: "another organization's path (403)",
    applies: (operation) => isOrgScoped(operation) && documentsStatus(operation, 403),
  },
  size: {
    named: /\bsize\b|\b413\b/,
    label: 'a body too large (413)',
    applies: (operation) => takesBody(operation) && documentsStatus(operation, 413),
  },
  'path-id': {
    named: /path id/,
    label: 'a path id of the wrong shape (404)',
    applies: (operation) => recordIdsOf(operation).length > 0 && documentsStatus(operation, 404),
  },
  // Decision 3 refuses an unknown query parameter on every operation, not only those with some.
  query: {
    named: /\bquery\b/,
    label: 'a bad query parameter (400)',
    applies: (operation) => documentsStatus(operation, 400),
  },
  media: {
    named: /\btype\b|\b415\b/,
    label: 'a body type it does not take (415)',
    applies: (operation) => takesBody(operation) && documentsStatus(operation, 415),
  },
  syntax: {
    named: /\bsyntax\b/,
    label: 'a body it cannot read (400)',
    applies: (operation) => takesBody(operation) && documentsStatus(operation, 400),
  },
  fields: {
    named: /\bfields\b|\b422\b/,
    label: 'invalid fields (422)',
    applies: (operation) => takesBody(operation) && documentsStatus(operation, 422),
  },
  existence: {
    named: /\bexistence\b/,
    label: 'no such record (404)',
    applies: (operation) => recordIdsOf(operation).length > 0 && documentsStatus(operation, 404),
  },
  state: {
    named: /\bstate\b|\b409\b/,
    label: 'a deleted record (409)',
    applies: (operation) => documentsStatus(operation, 409),
  },
}

const ORDER_TITLE = /order of checks/i

/** The decision titled "Order of checks", if the document has one. */
export const orderDecisionOf = (decisions: readonly Decision[]): Decision | undefined =>
  decisions.find(({ title }) => ORDER_TITLE.test(title))

/** The stages in the order the decision names them; none when the document has no such decision. */
export function stagesInOrder(decisions: readonly Decision[]): Stage[] {
  const decision = orderDecisionOf(decisions)
  if (decision === undefined) return []
  const text = decision.text
  return (Object.keys(STAGES) as Stage[])
    .map((stage) => ({ stage, at: STAGES[stage].named.exec(text)?.index }))
    .flatMap(({ stage, at }) => (at === undefined ? [] : [{ stage, at }]))
    .sort((a, b) => a.at - b.at)
    .map(({ stage }) => stage)
}

/** `order:<operationId>:<earlier>-before-<later>` for each adjacent pair that applies to it. */
export function orderRules(
  operation: DocumentOperation,
  stages: readonly Stage[],
  provenance: RuleProvenance,
): Rule[] {
  const applying = stages.filter((stage) => STAGES[stage].applies(operation))
  return applying.slice(1).map((later, index) => {
    const earlier = applying[index] ?? later
    return {
      id: orderRule(operation.id, earlier, later),
      kind: 'order',
      operationId: operation.id,
      earlier,
      later,
      title: `${operation.id}: ${STAGES[earlier].label} is answered before ${STAGES[later].label}`,
      provenance,
    }
  })
}
