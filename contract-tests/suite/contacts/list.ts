// The contact list (decision 11): its pages, what its count counts, its order (created_at, then
// id, also when records share created_at), and the query parameters it refuses.
import { decisionRule, queryRule, statusRule } from '../rules/rule.ts'
import { beforeAll, describe, expect, test } from '../support/test-api.ts'
import { call, orgPath } from '../support/api.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import { fetchAllPages, fetchPage, isListOrder } from '../support/pages.ts'
import { createContact, uniqueWord, type Contact } from '../support/records.ts'
import { testRefused } from '../support/record-checks.ts'

const CREATED = 21
const path = orgPath('contacts')

/** A page of the contact list. */
const listPage = (query: readonly (readonly [string, string])[]) =>
  fetchPage<Contact>(path, 'contacts', query)

/** count of the whole list (no search), with or without the deleted records. */
async function countAll(withDeleted: boolean): Promise<number> {
  const query: [string, string][] = [
    ['limit', '1'],
    ...(withDeleted ? ([['include[]', 'deleted']] as [string, string][]) : []),
  ]
  return (await listPage(query)).count
}

describeIf(WRITES, 'GET /api/v1/orgs/{org_id}/contacts, pagination', () => {
  const word = uniqueWord('Page')
  const ids: string[] = []
  const search = [['search', word]] as const

  beforeAll(async () => {
    for (let index = 0; index < CREATED; index += 1) {
      ids.push((await createContact({ last_name: `${word} ${String(index)}` })).id)
    }
  })

  test(
    'When no page or limit is sent, then it answers page 1 of 20 records, count all 21 matches, first 1',
    { covers: [statusRule('listContacts', 200)] },
    async () => {
      // Act
      const page = await listPage(search)

      // Assert
      expect(page.res).toMatchDocument()
      expect(page.items).toHaveLength(20)
      // as an object, so a failure names the field that is off
      expect({ count: page.count, first: page.first }).toEqual({ count: CREATED, first: 1 })
    },
  )

  test(
    'When the pages are walked with limit=5, then count stays 21 and first is the position of the first record',
    { covers: [statusRule('listContacts', 200)] },
    async () => {
      // Act
      const pages = await fetchAllPages<Contact>(path, 'contacts', 5, search)

      // Assert
      expect(pages.map((page) => page.items.length)).toEqual([5, 5, 5, 5, 1])
      expect(pages.map((page) => page.count)).toEqual([21, 21, 21, 21, 21])
      expect(pages.map((page) => page.first)).toEqual([1, 6, 11, 16, 21])
      for (const page of pages) expect(page.res).toMatchDocument()
    },
  )

  test(
    'When the pages are walked with limit=5, then they neither overlap nor skip a record',
    { covers: [decisionRule(11)] },
    async () => {
      // Act
      const pages = await fetchAllPages<Contact>(path, 'contacts', 5, search)

      // Assert
      const listed = pages.flatMap((page) => page.items.map((contact) => contact.id))
      expect(new Set(listed).size).toBe(listed.length)
      expect([...listed].sort()).toEqual([...ids].sort())
    },
  )

  test(
    'When the pages are walked, then the records are ordered by created_at, then id',
    { covers: [decisionRule(11)] },
    async () => {
      // Act
      const pages = await fetchAllPages<Contact>(path, 'contacts', 7, search)

      // Assert
      expect(isListOrder(pages.flatMap((page) => page.items))).toBe(true)
    },
  )

  test.each([
    [1, 1, 1],
    [100, 1, 21],
    [20, 2, 1],
  ])(
    'When limit=%i and page=%i are sent, then the page holds %i record(s)',
    {
      covers: [
        decisionRule(27),
        statusRule('listContacts', 200),
        queryRule('listContacts', 'limit', 'maximum'),
      ],
    },
    async (limit, page, length) => {
      // Act
      const res = await listPage([...search, ['limit', String(limit)], ['page', String(page)]])

      // Assert
      expect(res.res).toMatchDocument()
      expect(res.items).toHaveLength(length)
      expect(res.first).toBe((page - 1) * limit + 1)
    },
  )

  test(
    'When a page beyond the last is asked, then it is empty with count 21 and first 0',
    { covers: [statusRule('listContacts', 200)] },
    async () => {
      // Act
      const page = await listPage([...search, ['page', '3']])

      // Assert
      expect(page.res).toMatchDocument()
      expect(page.items).toEqual([])
      expect(page.count).toBe(CREATED)
      expect(page.first).toBe(0)
    },
  )
})

describe('GET /api/v1/orgs/{org_id}/contacts', () => {
  test(
    'When the list is asked, then it answers 200 with at most 20 records, count >= their number and first 1 or 0',
    { covers: [statusRule('listContacts', 200)] },
    async () => {
      // Act
      const page = await listPage([])

      // Assert
      expect(page.res).toMatchDocument()
      expect(page.items.length).toBeLessThanOrEqual(20)
      expect(page.count).toBeGreaterThanOrEqual(page.items.length)
      expect(page.first).toBe(page.items.length === 0 ? 0 : 1)
      expect(page.items.every((contact) => contact.deleted_at === null)).toBe(true)
    },
  )

  test.each(
    [
      'page=0',
      'page=-1',
      'page=1.5',
      'page=abc',
      'page=',
      'page=1000001',
      'page=1&page=2',
      'limit=0',
      'limit=101',
      'limit=-5',
      'limit=ten',
      'limit=',
      'limit=20&limit=20',
      'include[]=tags',
      'include[]=DELETED',
      'include[]=deleted&include[]=bogus',
      'include=deleted',
      'search=a&search=b',
      'limt=5',
      'Page=2',
    ].map((query) => ({ query, name: query.split('=')[0] ?? '' })),
  )(
    'When $query is sent, then it answers 400 naming $name',
    { covers: [decisionRule(3), statusRule('listContacts', 400)] },
    async ({ query, name }) => {
      // Act
      const res = await call('GET', path, { query })

      // Assert
      expect(res).toBeProblem(400, [name])
    },
  )

  testRefused(
    { covers: [statusRule('listContacts', 400)] },
    'When page and limit are both bad, then it answers 400 naming both',
    () => call('GET', path, { query: 'page=0&limit=0' }),
    400,
    ['page', 'limit'],
  )

  test(
    'When search has 200 characters, then it is taken; 201 is a 400 naming search (decision 7)',
    { covers: [decisionRule(7), queryRule('listContacts', 'search', 'maxLength')] },
    async () => {
      // Act: characters, not bytes (ü is two bytes in UTF-8)
      const taken = await call('GET', path, { query: [['search', 'ü'.repeat(200)]] })
      const tooLong = await call('GET', path, { query: [['search', 'ü'.repeat(201)]] })

      // Assert
      expect(taken).toMatchDocument()
      expect(taken.status).toBe(200)
      expect(tooLong).toBeProblem(400, ['search'])
    },
  )

  test(
    'When search is empty, then it is no filter: the count is that of the unfiltered list',
    { covers: [decisionRule(3), decisionRule(10)] },
    async () => {
      // Act
      const all = await listPage([['limit', '1']])
      const empty = await listPage([
        ['search', ''],
        ['limit', '1'],
      ])

      // Assert
      expect(empty.res).toMatchDocument()
      expect(empty.count).toBe(all.count)
    },
  )
})

const COUNTED = { ...WRITES, covers: [statusRule('listContacts', 200)] }

describeIf(COUNTED, 'GET /api/v1/orgs/{org_id}/contacts, count', () => {
  test('When a contact is soft-deleted, then the count of the list drops by one and counts it only with include[]=deleted', async () => {
    // Arrange
    const contact = await createContact()
    const [active, all] = [await countAll(false), await countAll(true)]

    // Act
    await call('DELETE', orgPath('contacts', contact.id))

    // Assert
    expect({ active: await countAll(false), all: await countAll(true) }).toEqual({
      active: active - 1,
      all,
    })
  })

  test(
    'When a search has soft-deleted matches, then count leaves them out unless include[]=deleted is sent',
    { covers: [decisionRule(10)] },
    async () => {
      // Arrange
      const word = uniqueWord('Count')
      const kept = await createContact({ employer: word })
      const gone = await createContact({ employer: word })
      await call('DELETE', orgPath('contacts', gone.id))

      // Act
      const plain = await listPage([['search', word]])
      const all = await listPage([
        ['search', word],
        ['include[]', 'deleted'],
      ])

      // Assert
      expect({ count: plain.count, ids: plain.items.map((item) => item.id) }).toEqual({
        count: 1,
        ids: [kept.id],
      })
      expect(all.count).toBe(2)
    },
  )
})

describeIf(WRITES, 'GET /api/v1/orgs/{org_id}/contacts, records created at once', () => {
  test(
    'When records are created at the same moment (equal created_at), then the list orders them by id',
    { covers: [decisionRule(11)] },
    async () => {
      // Arrange: created together, many share a created_at on any server whose clock is coarse.
      const word = uniqueWord('Tie')
      const created = await Promise.all(
        Array.from({ length: 12 }, () => createContact({ employer: word })),
      )

      // Act
      const page = await listPage([['search', word]])

      // Assert
      expect(page.items.map((item) => item.id).sort()).toEqual(
        created.map((item) => item.id).sort(),
      )
      expect(isListOrder(page.items)).toBe(true)
    },
  )
})
