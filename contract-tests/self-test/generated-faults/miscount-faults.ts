// Generated miscounts for the documented lists (`status:<operation>:<2xx>` rules whose answer has
// a `count`): a proxy (faulty/proxy.ts) in front of the mock that answers one more than the
// records that match, the off-by-one a backend ships when it counts a deleted record or the page
// it is on. The checks covering the list's answer must fail on it, saying `count`.
import type { OpenAPIV3_1 } from 'openapi-types'
import { resolveRef, type OpenApiDocument } from '../../../openapi/document.ts'
import { modelOf, type DocumentOperation } from '../../../openapi/document-model.ts'
import { catalogueOf } from '../../suite/rules/catalogue.ts'
import { rewritingAnswers, type StatusRule } from './json-faults.ts'
import type { FaultyServer } from './run-faulty.ts'

/** Whether the rule's JSON answer has a numeric `count` the document states. */
function answersCount(document: OpenApiDocument, operation: DocumentOperation, status: number) {
  const schema = operation.responses
    .find(({ code }) => code === String(status))
    ?.content.find(({ type }) => type === 'application/json')?.schema
  if (schema === undefined) return false
  const count = resolveRef<OpenAPIV3_1.SchemaObject>(document, schema).properties?.['count']
  return count !== undefined
}

/** The mock behind a proxy that adds one to the `count` of each documented list's answer. */
export function miscountingLists(document: OpenApiDocument): FaultyServer {
  const operations = new Map(
    modelOf(document).operations.map((operation) => [operation.id, operation]),
  )
  const rules = catalogueOf(document).filter((rule): rule is StatusRule => {
    if (rule.kind !== 'status' || rule.status < 200 || rule.status > 299) return false
    const operation = operations.get(rule.operationId ?? '')
    return operation !== undefined && answersCount(document, operation, rule.status)
  })
  const server = rewritingAnswers(document, 'generated-miscounts', rules, (body) =>
    typeof body['count'] === 'number' ? { ...body, count: body['count'] + 1 } : undefined,
  )
  return { ...server, names: () => 'count' }
}
