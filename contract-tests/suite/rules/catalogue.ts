// The catalogue of the rules a document states, each with an id a check declares it covers by:
// its numbered decisions; each operation's documented statuses, the headers they name and the
// order of checks between them; each constraint of each body field per media type, and of each
// query parameter. Read from the document alone, so a new decision, status or field is a new rule
// at once (`contacts-contract --coverage` lists the checks of each; the self-test fails on one
// without a check). Each rule says who states it (its provenance: `x-provenance` along the way
// down to it, openapi/provenance.ts), which `--only` selects by and the reports group failures by.
import type { OpenApiDocument } from '../../../openapi/document.ts'
import { modelOf, type DocumentOperation } from '../../../openapi/document-model.ts'
import { resolveProvenance } from '../../../openapi/provenance.ts'
import { schemaViews } from '../generated-requests/schema-view.ts'
import { decisionProvenance, decisionRules, decisionsOf, everyPathRules } from './decisions.ts'
import { bodyFieldRules, queryRules } from './field-rules.ts'
import { orderRules, orderDecisionOf, stagesInOrder } from './order-of-checks.ts'
import { headerRule, RULE_KINDS, statusRule, type Rule } from './rule.ts'

/**
 * Each documented response of the operation, then the headers it names. A success answer is the
 * operation's own (what it does, which the interface states); an error's status is a decision.
 */
function responseRules(operation: DocumentOperation): Rule[] {
  const name = `${operation.id} (${operation.method} ${operation.template})`
  const responses = operation.responses.flatMap((response) =>
    response.status === undefined ? [] : [{ ...response, status: response.status }],
  )
  return [
    ...responses.map(({ status, description, provenance }): Rule => ({
      id: statusRule(operation.id, status),
      kind: 'status',
      operationId: operation.id,
      status,
      title: `${name} answers ${String(status)}: ${description.split('\n')[0] ?? ''}`,
      provenance: resolveProvenance([operation.provenance, provenance]) ?? 'unlabelled',
    })),
    ...responses.flatMap(({ status, headers, provenance }) =>
      headers.map(({ name: header, provenance: own }): Rule => ({
        id: headerRule(operation.id, status, header),
        kind: 'header',
        operationId: operation.id,
        status,
        header,
        title: `${operation.id}'s ${String(status)} carries ${header}`,
        provenance: resolveProvenance([operation.provenance, provenance, own]) ?? 'unlabelled',
      })),
    ),
  ]
}

/** The decision whose rule each operation's unknown query parameter is (`query:<id>:unknown`). */
const UNKNOWN_QUERY = /unknown query parameters/i

/** Every rule of the document, by kind (decisions first), in the document's order within each. */
export function catalogueOf(document: OpenApiDocument): Rule[] {
  const views = schemaViews(document)
  const decisions = decisionsOf(document)
  const stages = stagesInOrder(decisions)
  const order = decisionProvenance(orderDecisionOf(decisions))
  const unknownQuery = decisionProvenance(decisions.find(({ title }) => UNKNOWN_QUERY.test(title)))
  const { operations } = modelOf(document)
  const listed = new Set(
    operations.flatMap(({ responses }) => responses.flatMap(({ status }) => status ?? [])),
  )
  const rules = [
    ...decisionRules(decisions),
    ...operations.flatMap(responseRules),
    ...everyPathRules(document, listed),
    ...operations.flatMap((operation) => orderRules(operation, stages, order)),
    ...operations.flatMap((operation) => bodyFieldRules(operation, views)),
    ...operations.flatMap((operation) => queryRules(operation, views, unknownQuery)),
  ]
  const unique = new Map(rules.map((rule) => [rule.id, rule]))
  return [...unique.values()].sort(
    (a, b) => RULE_KINDS.indexOf(a.kind) - RULE_KINDS.indexOf(b.kind),
  )
}
