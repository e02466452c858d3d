// The order of checks (decision 2), generated from the catalogue: for each operation and each two
// adjacent stages that apply to it (its `order:` rules), one request wrong at both, whose answer
// must be the earlier stage's. Adjacent pairs suffice: a server that keeps each of them in order
// keeps the whole order. The document's order changes the rules, and these checks with them.
import { contractRules } from '../rules/contract-rules.ts'
import { decisionRule, EVERY_PATH, statusRule, type Rule } from '../rules/rule.ts'
import { call } from '../support/api.ts'
import { describe, expect } from '../support/test-api.ts'
import { testIf } from '../support/gates.ts'
import {
  CannotBuildRequest,
  documentedOperations,
  isWrite,
  labelOf,
  type Operation,
} from '../support/operations.ts'
import { createContact, createUserRelationship, removeContactForGood } from '../support/records.ts'
import { draftOptions, draftPath, rightDraft, STAGE_FAULTS, type Draft } from './stage-faults.ts'

type OrderRule = Extract<Rule, { kind: 'order' }>

const isOrderRule = (rule: Rule): rule is OrderRule => rule.kind === 'order'

/** The resource of a path with a record id: `contacts` for `/api/v1/orgs/{org_id}/contacts/{id}`. */
const resourceOf = (operation: Operation): string | undefined =>
  /\/([a-z_]+)\/\{[^}]+\}$/.exec(operation.template)?.[1]

/**
 * A record of the run's own at the operation's path, soft-deleted; with `purged`, then removed for
 * good too (a server that keeps a tombstone of it would answer 409, not 404). Purging a contact
 * removes its relationships (decision 15).
 */
async function deletedRecordIn(operation: Operation, purged: boolean): Promise<string> {
  const resource = resourceOf(operation)
  if (resource !== 'contacts' && resource !== 'user_relationships') {
    throw new CannotBuildRequest(operation, `the suite cannot make a record of ${String(resource)}`)
  }
  const contact = await createContact()
  const { id } = resource === 'contacts' ? contact : await createUserRelationship(contact.id)
  await call('DELETE', draftPath(operation, { ...rightDraft(operation), recordId: id }))
  if (purged) await removeContactForGood(contact.id)
  return id
}

/** Whether the pair needs a record of its own in a deleted state (it writes even for a read). */
const involvesState = (rule: OrderRule): boolean =>
  rule.earlier === 'state' || rule.later === 'state'

/** The draft wrong at both stages: the later one's change first, then the earlier one's. */
async function draftOf(operation: Operation, rule: OrderRule): Promise<Draft> {
  const later = STAGE_FAULTS[rule.later](operation).apply(rightDraft(operation))
  const draft = STAGE_FAULTS[rule.earlier](operation).apply(later)
  if (!involvesState(rule)) return draft
  const purged = rule.earlier === 'existence' || rule.later === 'existence'
  return { ...draft, recordId: await deletedRecordIn(operation, purged) }
}

/** What the check is about: for state, the record is first soft-deleted, then removed for good. */
function situation(rule: OrderRule, earlier: string, later: string): string {
  if (involvesState(rule) && [rule.earlier, rule.later].includes('existence')) {
    return 'names a record that was soft-deleted, then removed for good'
  }
  return `has ${earlier} and ${later}`
}

const RULES = contractRules()
const KNOWN = new Set(RULES.map(({ id }) => id))
const OPERATIONS = new Map(documentedOperations().map((operation) => [operation.id, operation]))

/** The pair's rule, decision 2, and the status the earlier stage answers (405: of every path). */
const coversOf = (rule: OrderRule, operation: Operation, status: number): string[] =>
  [
    rule.id,
    decisionRule(2),
    statusRule(operation.id, status),
    statusRule(EVERY_PATH, status),
  ].filter((id) => KNOWN.has(id))

describe('Order of checks, each adjacent pair of stages (decision 2)', () => {
  for (const rule of RULES.filter(isOrderRule)) {
    const operation = OPERATIONS.get(rule.operationId ?? '')
    if (operation === undefined) continue
    const earlier = STAGE_FAULTS[rule.earlier](operation)
    const later = STAGE_FAULTS[rule.later](operation)
    const writes = isWrite(operation.method) || earlier.status === 405 || involvesState(rule)
    testIf(
      { writes, covers: coversOf(rule, operation, earlier.status) },
      `When ${labelOf(operation)} ${situation(rule, earlier.label, later.label)}, then it answers ${String(earlier.status)}: ${rule.earlier} is checked before ${rule.later}`,
      async () => {
        // Arrange
        const draft = await draftOf(operation, rule)

        // Act
        const res = await call(draft.method, draftPath(operation, draft), draftOptions(draft))

        // Assert
        expect(res).toBeProblem(earlier.status, earlier.named)
      },
    )
  }
})
