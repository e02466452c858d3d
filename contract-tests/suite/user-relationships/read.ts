// GET of one user relationship whose id names none: 404, whatever the id's shape (decision 1).
import { decisionRule, statusRule } from '../rules/rule.ts'
import { randomUUID } from 'node:crypto'
import { describe, expect, test } from '../support/test-api.ts'
import { fetchUserRelationship } from '../support/records.ts'

describe('GET /api/v1/orgs/{org_id}/user_relationships/{user_relationship_id}, refused', () => {
  test.each([
    ['an unknown UUID', randomUUID()],
    ['not a UUID', 'not-a-uuid'],
  ])(
    'When the id is %s, then it answers 404',
    { covers: [decisionRule(1), statusRule('getUserRelationship', 404)] },
    async (_kind, id) => {
      // Act
      const res = await fetchUserRelationship(id)

      // Assert
      expect(res).toBeProblem(404)
    },
  )
})
