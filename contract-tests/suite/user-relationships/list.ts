import { decisionRule, statusRule } from '../rules/rule.ts'
import { beforeAll, describe, expect, test } from '../support/test-api.ts'
import { call, orgPath } from '../support/api.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import { fetchAllPages, fetchPage, isListOrder, type Page } from '../support/pages.ts'
import { createContact, createUserRelationship, type UserRelationship } from '../support/records.ts'

const path = orgPath('user_relationships')
const KEY = 'user_relationships'

/** All pages with limit 2; walked again if another client changed the list meanwhile. */
async function walk(): Promise<Page<UserRelationship>[]> {
  for (let attempt = 1; ; attempt += 1) {
    const pages = await fetchAllPages<UserRelationship>(path, KEY, 2)
    const stable = pages.every((page) => page.count === pages[0]?.count)
    if (stable || attempt === 3) return pages
  }
}

describeIf(WRITES, 'GET /api/v1/orgs/{org_id}/user_relationships, pagination', () => {
  const ids: string[] = []

  beforeAll(async () => {
    const contact = await createContact()
    for (let index = 0; index < 3; index += 1)
      ids.push((await createUserRelationship(contact.id)).id)
  })

  test(
    'When the pages are walked with limit=2, then count is constant and first the position of the first record',
    { covers: [statusRule('listUserRelationships', 200)] },
    async () => {
      // Act
      const pages = await walk()

      // Assert
      const count = pages[0]?.count ?? -1
      expect(pages.map((page) => page.count)).toEqual(pages.map(() => count))
      expect(pages.map((page) => page.first)).toEqual(
        pages.map((page, index) => (page.items.length === 0 ? 0 : index * 2 + 1)),
      )
      const listed = pages.reduce((sum, page) => sum + page.items.length, 0)
      expect({ count }).toEqual({ count: listed })
      for (const page of pages) expect(page.res).toMatchDocument()
    },
  )

  test(
    'When the pages are walked, then each of the new relationships is listed exactly once, in created_at, id order',
    { covers: [decisionRule(11)] },
    async () => {
      // Act
      const pages = await walk()

      // Assert
      const listed = pages.flatMap((page) => page.items)
      expect(ids.map((id) => listed.filter((item) => item.id === id).length)).toEqual([1, 1, 1])
      expect(isListOrder(listed)).toBe(true)
    },
  )

  test(
    "When the list is asked, then every record belongs to the token's user",
    { covers: [statusRule('listUserRelationships', 200)] },
    async () => {
      // Act
      const pages = await walk()

      // Assert
      const listed = pages.flatMap((page) => page.items)
      const owner = listed.find((item) => ids.includes(item.id))?.user_id
      expect(owner).toEqual(expect.any(String))
      expect(new Set(listed.map((item) => item.user_id))).toEqual(new Set([owner]))
    },
  )
})

describe('GET /api/v1/orgs/{org_id}/user_relationships', () => {
  test(
    'When the list is asked, then it answers 200 with only active records',
    { covers: [statusRule('listUserRelationships', 200)] },
    async () => {
      // Act
      const page = await fetchPage<UserRelationship>(path, KEY, [['limit', '100']])

      // Assert
      expect(page.res).toMatchDocument()
      expect(page.items.every((item) => item.deleted_at === null)).toBe(true)
      expect(page.first).toBe(page.items.length === 0 ? 0 : 1)
    },
  )

  test(
    'When a page beyond the last is asked, then it is empty with first 0 and the full count',
    { covers: [statusRule('listUserRelationships', 200)] },
    async () => {
      // Act
      const firstPage = await fetchPage<UserRelationship>(path, KEY, [])
      const page = await fetchPage<UserRelationship>(path, KEY, [['page', '1000000']])

      // Assert
      expect(page.res).toMatchDocument()
      expect(page.items).toEqual([])
      expect(page.first).toBe(0)
      expect(page.count).toBe(firstPage.count)
    },
  )

  test.each([
    ['page', '0'],
    ['limit', '101'],
    ['limit', 'x'],
    ['limit', ''],
    ['include[]', 'pets'],
    ['include', 'deleted'],
    ['search', 'ann'],
    ['soft_delete', 'false'],
  ])(
    'When %s=%s is sent, then it answers 400 naming the parameter',
    { covers: [decisionRule(3), statusRule('listUserRelationships', 400)] },
    async (name, value) => {
      // Act
      const res = await call('GET', path, { query: [[name, value]] })

      // Assert
      expect(res).toBeProblem(400, [name])
    },
  )
})
