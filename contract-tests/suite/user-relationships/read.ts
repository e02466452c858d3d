// GET of one user relationship whose id names none: 404, whatever the id's shape (decision 1).
import { describe } from '../support/test-api.ts'
import { fetchUserRelationship } from '../support/records.ts'
import { testNoRecordIds } from '../support/record-checks.ts'

describe('GET /api/v1/orgs/{org_id}/user_relationships/{user_relationship_id}, refused', () => {
  testNoRecordIds('getUserRelationship', (id) => fetchUserRelationship(id))
})
