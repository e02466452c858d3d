// GET /api/v1/relationships: the relationship type catalog.
import { describe, expect, test } from '@jest/globals'
import { BOB, CHILD_TYPE_ID, PARENT_TYPE_ID } from '../../fixtures/identities.ts'
import { RELATIONSHIP_TYPES } from '../../fixtures/relationship-types.ts'
import { bodyOf, createdBeforeAll, paths, useTestApp } from './support.ts'
import type { RelationshipTypeList } from './support.ts'

const http = useTestApp()
const catalog = createdBeforeAll(async () => {
  const res = await http.get(paths.catalog, BOB)
  expect(res.status).toBe(200)
  return bodyOf<RelationshipTypeList>(res)
})

describe('GET /api/v1/relationships (the catalog)', () => {
  test('When the catalog is read, then it has at least 20 types, count is its size and first is 1', () => {
    // Assert
    expect(catalog().relationships.length).toBeGreaterThanOrEqual(20)
    expect(catalog().count).toBe(catalog().relationships.length)
    expect(catalog().first).toBe(1)
    expect(Object.keys(catalog()).sort()).toEqual(['count', 'first', 'relationships'])
  })

  test('When the catalog is read, then Child and Parent are there, each the inverse of the other', () => {
    // Assert
    const byId = new Map(catalog().relationships.map((type) => [type.id, type]))
    expect(byId.get(CHILD_TYPE_ID)).toEqual({
      id: CHILD_TYPE_ID,
      name: 'Child',
      relationship_id: PARENT_TYPE_ID,
    })
    expect(byId.get(PARENT_TYPE_ID)).toEqual({
      id: PARENT_TYPE_ID,
      name: 'Parent',
      relationship_id: CHILD_TYPE_ID,
    })
  })

  test('When the catalog is read, then every inverse is a type of the catalog that points back', () => {
    // Assert
    const byId = new Map(catalog().relationships.map((type) => [type.id, type]))
    for (const type of catalog().relationships) {
      if (type.relationship_id === null) continue
      expect(byId.get(type.relationship_id)?.relationship_id).toBe(type.id)
    }
  })

  test('When the catalog is read, then it is sorted by name and equals the fixture catalog', () => {
    // Assert
    const names = catalog().relationships.map((type) => type.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
    expect(new Set(catalog().relationships.map((type) => type.id))).toEqual(
      new Set(RELATIONSHIP_TYPES.map((type) => type.id)),
    )
  })
})
