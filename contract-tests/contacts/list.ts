import { beforeAll, describe, expect, test } from '../support/test-api.ts'
import { call, orgPath } from '../support/api.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import { fetchAllPages, fetchPage, isListOrder } from '../support/pages.ts'
import { createContact, uniqueWord, type Contact } from '../support/records.ts'

const CREATED = 21
const path = orgPath('contacts')

describeIf(WRITES, 'GET /api/v1/orgs/{org_id}/contacts, pagination', () => {
  const word = uniqueWord('Page')
  const ids: string[] = []
  const search = [['search', word]] as const

  beforeAll(async () => {
    for (let index = 0; index < CREATED; index += 1) {
      ids.push((await createContact({ last_name: `${word} ${String(index)}` })).id)
    }
  })

  test('When no page or limit is sent, then it answers page 1 of 20 records, count all 21 matches, first 1', async () => {
    // Act
    const page = await fetchPage<Contact>(path, 'contacts', search)

    // Assert
    expect(page.res).toMatchDocument()
    expect(page.items).toHaveLength(20)
    expect(page.count).toBe(CREATED)
    expect(page.first).toBe(1)
  })

  test('When the pages are walked with limit=5, then count stays 21 and first is the position of the first record', async () => {
    // Act
    const pages = await fetchAllPages<Contact>(path, 'contacts', 5, search)

    // Assert
    expect(pages.map((page) => page.items.length)).toEqual([5, 5, 5, 5, 1])
    expect(pages.map((page) => page.count)).toEqual([21, 21, 21, 21, 21])
    expect(pages.map((page) => page.first)).toEqual([1, 6, 11, 16, 21])
    for (const page of pages) expect(page.res).toMatchDocument()
  })

  test('When the pages are walked with limit=5, then they neither overlap nor skip a record', async () => {
    // Act
    const pages = await fetchAllPages<Contact>(path, 'contacts', 5, search)

    // Assert
    const listed = pages.flatMap((page) => page.items.map((contact) => contact.id))
    expect(new Set(listed).size).toBe(listed.length)
    expect([...listed].sort()).toEqual([...ids].sort())
  })

  test('When the pages are walked, then the records are ordered by created_at, then id', async () => {
    // Act
    const pages = await fetchAllPages<Contact>(path, 'contacts', 7, search)

    // Assert
    expect(isListOrder(pages.flatMap((page) => page.items))).toBe(true)
  })

  test.each([
    [1, 1, 1],
    [100, 1, 21],
    [20, 2, 1],
  ])(
    'When limit=%i and page=%i are sent, then the page holds %i record(s)',
    async (limit, page, length) => {
      // Act
      const res = await fetchPage<Contact>(path, 'contacts', [
        ...search,
        ['limit', String(limit)],
        ['page', String(page)],
      ])

      // Assert
      expect(res.res).toMatchDocument()
      expect(res.items).toHaveLength(length)
      expect(res.first).toBe((page - 1) * limit + 1)
    },
  )

  test('When a page beyond the last is asked, then it is empty with count 21 and first 0', async () => {
    // Act
    const page = await fetchPage<Contact>(path, 'contacts', [...search, ['page', '3']])

    // Assert
    expect(page.res).toMatchDocument()
    expect(page.items).toEqual([])
    expect(page.count).toBe(CREATED)
    expect(page.first).toBe(0)
  })
})

describe('GET /api/v1/orgs/{org_id}/contacts', () => {
  test('When the list is asked, then it answers 200 with at most 20 records, count >= their number and first 1 or 0', async () => {
    // Act
    const page = await fetchPage<Contact>(path, 'contacts', [])

    // Assert
    expect(page.res).toMatchDocument()
    expect(page.items.length).toBeLessThanOrEqual(20)
    expect(page.count).toBeGreaterThanOrEqual(page.items.length)
    expect(page.first).toBe(page.items.length === 0 ? 0 : 1)
    expect(page.items.every((contact) => contact.deleted_at === null)).toBe(true)
  })

  test.each(
    [
      ['page', '0'],
      ['page', '-1'],
      ['page', '1.5'],
      ['page', 'abc'],
      ['page', ''],
      ['limit', '0'],
      ['limit', '101'],
      ['limit', 'ten'],
      ['limit', ''],
      ['include[]', 'tags'],
      ['include[]', 'DELETED'],
      ['include', 'deleted'],
      ['limt', '5'],
      ['search', 'x'.repeat(201)],
    ].map(([name = '', value = '']) => ({
      name,
      value,
      shown: value.length > 20 ? `<${String(value.length)} characters>` : value,
    })),
  )('When $name=$shown is sent, then it answers 400 naming $name', async ({ name, value }) => {
    // Act
    const res = await call('GET', path, { query: [[name, value]] })

    // Assert
    expect(res).toBeProblem(400, [name])
  })

  test('When search is empty, then it is no filter: the count is that of the unfiltered list', async () => {
    // Act
    const all = await fetchPage<Contact>(path, 'contacts', [['limit', '1']])
    const empty = await fetchPage<Contact>(path, 'contacts', [
      ['search', ''],
      ['limit', '1'],
    ])

    // Assert
    expect(empty.res).toMatchDocument()
    expect(empty.count).toBe(all.count)
  })
})
