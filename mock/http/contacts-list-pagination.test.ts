// The contact list on the untouched fixtures: pages, count and first (no writes in this file).
import { describe, expect, test } from '@jest/globals'
import { bodyOf, fixtureContacts, ids, useTestApp } from './support.ts'
import type { ContactList } from './support.ts'

const http = useTestApp()
const { acmeAll, acmeActive } = fixtureContacts()

const LAST_LIMIT = 7
const LAST_PAGE = Math.ceil(acmeActive.length / LAST_LIMIT)

describe('Pagination of the fixture contacts', () => {
  test('When the fixtures are used, then Acme has more than two pages of active contacts and some deleted ones', () => {
    // Assert: the premise of the tests below
    expect(acmeActive.length).toBeGreaterThan(40)
    expect(acmeAll.length).toBeGreaterThan(acmeActive.length)
  })

  test.each<[label: string, first: number, query: string, from: number, to: number]>([
    ['no page or limit (page 1 of 20)', 1, '', 0, 20],
    ['page 2 with limit 20', 21, 'page=2&limit=20', 20, 40],
    [
      'the last page, which is partial',
      (LAST_PAGE - 1) * LAST_LIMIT + 1,
      `page=${String(LAST_PAGE)}&limit=${String(LAST_LIMIT)}`,
      (LAST_PAGE - 1) * LAST_LIMIT,
      acmeActive.length,
    ],
    ['limit=100 (the maximum)', 1, 'limit=100', 0, 100],
    ['limit=1 on page 3', 3, 'limit=1&page=3', 2, 3],
  ])(
    'When the list is asked with %s, then first is %d and it holds the active contacts of that page',
    async (_label, first, query, from, to) => {
      // Act
      const res = await http.listContacts(query)

      // Assert
      expect(res.status).toBe(200)
      const body = bodyOf<ContactList>(res)
      expect(Object.keys(body).sort()).toEqual(['contacts', 'count', 'first'])
      expect(body.first).toBe(first)
      expect(body.count).toBe(acmeActive.length)
      expect(ids(body.contacts)).toEqual(ids(acmeActive.slice(from, to)))
    },
  )

  test('When a page beyond the end is asked, then it is 200 with no contacts, first 0 and the full count', async () => {
    // Act
    const res = await http.listContacts('page=1000&limit=100')

    // Assert
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ contacts: [], count: acmeActive.length, first: 0 })
  })

  test.each([1, 7, 20, 100])(
    'When every page is walked with limit %d, then the pages neither overlap nor skip',
    async (limit) => {
      // Act
      const seen: string[] = []
      for (let page = 1; page <= Math.ceil(acmeActive.length / limit); page++) {
        const res = await http.listContacts(`page=${String(page)}&limit=${String(limit)}`)
        const body = bodyOf<ContactList>(res)
        expect(body.first).toBe((page - 1) * limit + 1)
        expect(body.count).toBe(acmeActive.length)
        seen.push(...ids(body.contacts))
      }

      // Assert
      expect(new Set(seen).size).toBe(seen.length)
      expect(seen).toEqual(ids(acmeActive))
    },
  )
})
