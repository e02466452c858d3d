// Listing user relationships on the untouched fixtures: ownership, pages, and refused queries.
import { describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE, BOB, CAROL, GLOBEX_ORG_ID } from '../../fixtures/identities.ts'
import { expectProblem, fixtures, paths, USER_RELATIONSHIP_KEYS, useTestApp } from './support.ts'

const http = useTestApp()

const seededOf = (userId: string) =>
  fixtures().user_relationships.filter((r) => r.user_id === userId)

describe('The fixture relationships (no writes)', () => {
  test.each([
    ['Alice', ALICE],
    ['Bob', BOB],
  ])(
    'When %s lists hers/his, then only her/his own active ones come, and include[]=deleted adds the deleted',
    async (_name, user) => {
      // Arrange
      const own = seededOf(user.id).filter((r) => r.org_id === ACME_ORG_ID)
      const active = own.filter((r) => r.deleted_at === null)

      // Act
      const activeList = await http.listUserRelationships(user, 'limit=100')
      const allList = await http.listUserRelationships(user)

      // Assert
      expect(activeList.count).toBe(active.length)
      expect(activeList.first).toBe(active.length > 0 ? 1 : 0)
      expect(activeList.user_relationships.map((r) => r.id).sort()).toEqual(
        active.map((r) => r.id).sort(),
      )
      expect(allList.count).toBe(own.length)
      expect(allList.count).toBeGreaterThan(activeList.count)
      expect(allList.user_relationships.every((r) => r.user_id === user.id)).toBe(true)
      for (const item of allList.user_relationships) {
        expect(Object.keys(item).sort()).toEqual(USER_RELATIONSHIP_KEYS)
      }
    },
  )

  test('When Carol lists Globex, then she sees only hers', async () => {
    // Act
    const list = await http.listUserRelationships(CAROL, 'include[]=deleted', GLOBEX_ORG_ID)

    // Assert
    expect(list.count).toBe(seededOf(CAROL.id).length)
    expect(list.user_relationships.every((r) => r.user_id === CAROL.id)).toBe(true)
  })

  test('When Alice lists with limit 2, then pages are consistent: count, first, no overlap', async () => {
    // Arrange
    const all = (await http.listUserRelationships()).user_relationships

    // Act
    const page = (n: number) =>
      http.listUserRelationships(ALICE, `include[]=deleted&limit=2&page=${String(n)}`)
    const [page1, page2, beyond] = [await page(1), await page(2), await page(99)]

    // Assert
    expect(page1.first).toBe(1)
    expect(page2.first).toBe(3)
    expect([...page1.user_relationships, ...page2.user_relationships]).toEqual(all.slice(0, 4))
    expect(beyond).toEqual({ user_relationships: [], count: all.length, first: 0 })
    const order = all.map((r) => `${r.created_at}|${r.id}`)
    expect(order).toEqual([...order].sort())
  })

  test.each([
    ['page=0', 'page'],
    ['limit=101', 'limit'],
    ['limit=', 'limit'],
    ['include[]=tags', 'include[]'],
    ['include=deleted', 'include'],
    ['soft_delete=false', 'soft_delete'],
  ])('When the list query is %s, then it is 400 naming %s', async (query, field) => {
    // Act
    const res = await http.get(`${paths.userRelationships()}?${query}`)

    // Assert
    expectProblem(res, 400, [field])
  })
})
