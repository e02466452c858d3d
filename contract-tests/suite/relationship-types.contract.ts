import { decisionRule, statusRule } from './rules/rule.ts'
import { describe, expect, test } from './support/test-api.ts'
import { call } from './support/api.ts'
import { contractEnv } from './support/env.ts'
import { testIf } from './support/gates.ts'
import type { RelationshipType } from './support/records.ts'

interface Catalog {
  relationships: RelationshipType[]
  count: number
  first: number
}

const listCatalog = async (
  query = '',
): Promise<{ res: Awaited<ReturnType<typeof call>>; catalog: Catalog }> => {
  const res = await call('GET', '/api/v1/relationships', { query })
  return { res, catalog: res.body as Catalog }
}

describe('GET /api/v1/relationships', () => {
  test(
    'When the catalog is listed, then it answers 200 with all types, count its size and first 1',
    { covers: [decisionRule(11), statusRule('listRelationshipTypes', 200)] },
    async () => {
      // Act
      const { res, catalog } = await listCatalog()

      // Assert: the document's minItems says how many types the catalog holds at least
      expect(res).toMatchDocument()
      expect(res.status).toBe(200)
      // as an object, so a failure names the field that is off
      expect({ count: catalog.count, first: catalog.first }).toEqual({
        count: catalog.relationships.length,
        first: 1,
      })
    },
  )

  test(
    'When the catalog is listed, then it is ordered by name',
    { covers: [decisionRule(11)] },
    async () => {
      // Act
      const { catalog } = await listCatalog()

      // Assert
      const names = catalog.relationships.map((type) => type.name)
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
    },
  )

  test(
    'When a type names its inverse, then the inverse is in the catalog and names it back',
    { covers: [statusRule('listRelationshipTypes', 200)] },
    async () => {
      // Act
      const { catalog } = await listCatalog()

      // Assert
      const byId = new Map(catalog.relationships.map((type) => [type.id, type]))
      const broken = catalog.relationships
        .filter((type) => type.relationship_id !== null)
        .filter((type) => byId.get(type.relationship_id ?? '')?.relationship_id !== type.id)
        .map((type) => type.name)
      expect(broken).toEqual([])
    },
  )

  test(
    "When Child and Parent are listed, then each is the other one's inverse",
    { covers: [statusRule('listRelationshipTypes', 200)] },
    async () => {
      // Act
      const { catalog } = await listCatalog()

      // Assert
      const child = catalog.relationships.find((type) => type.name === 'Child')
      const parent = catalog.relationships.find((type) => type.name === 'Parent')
      expect(child?.relationship_id).toBe(parent?.id)
      expect(parent?.relationship_id).toBe(child?.id)
    },
  )

  test.each(['page=2', 'limit=5'])(
    'When %s is sent (the catalog is not paginated), then it answers 400 naming the parameter',
    { covers: [decisionRule(3), decisionRule(11), statusRule('listRelationshipTypes', 400)] },
    async (query) => {
      // Act
      const { res } = await listCatalog(query)

      // Assert
      expect(res).toBeProblem(400, [query.split('=')[0] ?? ''])
    },
  )

  testIf(
    {
      variables: ['CONTRACT_FOREIGN_TOKEN'],
      covers: [statusRule('listRelationshipTypes', 200)],
    },
    "When another organization's user lists the catalog, then it answers 200 with the same types (it is not org-scoped)",
    async () => {
      // Act
      const { res, catalog } = await listCatalog()
      const foreign = await call('GET', '/api/v1/relationships', {
        token: contractEnv().foreignToken ?? '',
      })

      // Assert
      expect(foreign).toMatchDocument()
      expect(foreign.status).toBe(200)
      expect(foreign.body).toEqual(res.body)
      expect(catalog.relationships.length).toBeGreaterThan(0)
    },
  )
})
