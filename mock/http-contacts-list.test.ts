// The contact list: pagination (count, first, order), include[]=deleted, and search.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { ACME_ORG_ID, ALICE, CAROL, GLOBEX_ORG_ID } from '../fixtures/identities.ts'
import { createSeed } from '../fixtures/seed.ts'
import type { StoredContact } from './data.ts'
import {
  bearer,
  bodyOf,
  contactPath,
  contactsPath,
  createContact,
  expectProblem,
  tickingClock,
  type Contact,
  type ContactList,
} from './http-test-support.ts'
import { createTestApp, type TestApp } from './test-app.ts'

const byListOrder = (a: StoredContact, b: StoredContact): number =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1

const seed = createSeed()
const acmeAll = seed.contacts.filter((c) => c.org_id === ACME_ORG_ID).sort(byListOrder)
const acmeActive = acmeAll.filter((c) => c.deleted_at === null)
const globexActive = seed.contacts.filter((c) => c.org_id === GLOBEX_ORG_ID && !c.deleted_at)
const ids = (contacts: readonly { id: string }[]): string[] => contacts.map((c) => c.id)

const list = (query: string, org = ACME_ORG_ID, user: { token: string } = ALICE) =>
  request(testApp.app)
    .get(`${contactsPath(org)}${query === '' ? '' : `?${query}`}`)
    .set('Authorization', bearer(user))

let testApp: TestApp
beforeAll(async () => {
  testApp = await createTestApp({ now: tickingClock() })
})
afterAll(async () => {
  await testApp.close()
})

// Runs first, on the untouched fixtures; the search tests below add contacts afterwards.
describe('Pagination of the fixture contacts (no writes)', () => {
  test('When the fixtures are used, then Acme has more than two pages of active contacts and some deleted ones', () => {
    // Assert: the premise of the tests below
    expect(acmeActive.length).toBeGreaterThan(40)
    expect(acmeAll.length).toBeGreaterThan(acmeActive.length)
  })

  test('When no page or limit is given, then it is page 1 of 20 active contacts, first 1, count all active', async () => {
    // Act
    const res = await list('')

    // Assert
    expect(res.status).toBe(200)
    const body = bodyOf<ContactList>(res)
    expect(body.count).toBe(acmeActive.length)
    expect(body.first).toBe(1)
    expect(ids(body.contacts)).toEqual(ids(acmeActive.slice(0, 20)))
    expect(Object.keys(body).sort()).toEqual(['contacts', 'count', 'first'])
  })

  test('When page 2 with limit 20 is asked, then first is 21 and it holds records 21 to 40', async () => {
    // Act
    const res = await list('page=2&limit=20')

    // Assert
    expect(res.status).toBe(200)
    const body = bodyOf<ContactList>(res)
    expect(body.first).toBe(21)
    expect(body.count).toBe(acmeActive.length)
    expect(ids(body.contacts)).toEqual(ids(acmeActive.slice(20, 40)))
  })

  test('When the last page is partial, then it holds the remaining records', async () => {
    // Arrange
    const limit = 7
    const lastPage = Math.ceil(acmeActive.length / limit)

    // Act
    const res = await list(`page=${String(lastPage)}&limit=${String(limit)}`)

    // Assert
    const body = bodyOf<ContactList>(res)
    expect(body.first).toBe((lastPage - 1) * limit + 1)
    expect(ids(body.contacts)).toEqual(ids(acmeActive.slice((lastPage - 1) * limit)))
  })

  test('When a page beyond the end is asked, then it is 200 with no contacts, first 0 and the full count', async () => {
    // Act
    const res = await list('page=1000&limit=100')

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
        const body = bodyOf<ContactList>(await list(`page=${String(page)}&limit=${String(limit)}`))
        expect(body.first).toBe((page - 1) * limit + 1)
        expect(body.count).toBe(acmeActive.length)
        seen.push(...ids(body.contacts))
      }

      // Assert
      expect(new Set(seen).size).toBe(seen.length)
      expect(seen).toEqual(ids(acmeActive))
    },
  )

  test('When the list is read, then it is ordered by created_at, then id', async () => {
    // Act
    const body = bodyOf<ContactList>(await list('limit=100&include[]=deleted'))

    // Assert
    const order = body.contacts.map((c) => `${c.created_at}|${c.id}`)
    expect(order).toEqual([...order].sort())
  })

  test('When include[]=deleted is given, then active and deleted contacts are listed and counted', async () => {
    // Act
    const res = await list('include[]=deleted&limit=100')

    // Assert
    expect(res.status).toBe(200)
    const body = bodyOf<ContactList>(res)
    expect(body.count).toBe(acmeAll.length)
    expect(ids(body.contacts)).toEqual(ids(acmeAll))
    expect(body.contacts.filter((c) => c.deleted_at !== null)).toHaveLength(
      acmeAll.length - acmeActive.length,
    )
  })

  test('When include[]=deleted is absent, then no listed contact is deleted', async () => {
    // Act
    const body = bodyOf<ContactList>(await list('limit=100'))

    // Assert
    expect(body.contacts.every((c) => c.deleted_at === null)).toBe(true)
  })

  test('When Carol lists Globex, then she sees only Globex contacts', async () => {
    // Act
    const res = await list('limit=100', GLOBEX_ORG_ID, CAROL)

    // Assert
    expect(res.status).toBe(200)
    const body = bodyOf<ContactList>(res)
    expect(body.count).toBe(globexActive.length)
    expect(ids(body.contacts).sort()).toEqual(ids(globexActive).sort())
  })

  test.each([
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['page=', 'page'],
    ['page=1000001', 'page'],
    ['page=1&page=2', 'page'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=-5', 'limit'],
    ['limit=', 'limit'],
    ['limit=ten', 'limit'],
    ['limit=20&limit=20', 'limit'],
    ['include[]=deleted&include[]=bogus', 'include[]'],
    ['search=a&search=b', 'search'],
    ['limt=5', 'limt'],
    ['Page=2', 'Page'],
  ])('When the query is %s, then it is 400 naming %s', async (query, field) => {
    // Act
    const res = await list(query)

    // Assert
    const problem = expectProblem(res, 400, [field])
    expect(problem.instance).toBe(contactsPath())
  })

  test('When page and limit are both bad, then both are named', async () => {
    // Act
    const res = await list('page=0&limit=0')

    // Assert
    expectProblem(res, 400, ['page', 'limit'])
  })

  test('When limit=100 (the maximum) and limit=1 are asked, then they are honoured', async () => {
    // Act
    const hundred = bodyOf<ContactList>(await list('limit=100'))
    const one = bodyOf<ContactList>(await list('limit=1&page=3'))

    // Assert
    expect(hundred.contacts).toHaveLength(Math.min(100, acmeActive.length))
    expect(ids(one.contacts)).toEqual([acmeActive[2]?.id])
    expect(one.first).toBe(3)
  })
})

describe('Search', () => {
  let zoe: Contact
  let quentin: Contact
  let plimsolls: Contact[]
  beforeAll(async () => {
    zoe = await createContact(testApp.app, { first_name: 'Zoë', last_name: 'Ångström' })
    quentin = await createContact(testApp.app, {
      first_name: 'Wilhelmina',
      middle_name: 'Quetzal',
      last_name: 'Obradović',
      nickname: 'Mina-the-Moth',
      employer: 'Xylophonic Works',
      job_title: 'Chief Zeppelin Officer',
      how_you_met: 'Kraken conference',
      linkedin_url: 'https://www.linkedin.com/in/narwhal',
    })
    plimsolls = []
    for (const first of ['Ada', 'Bea', 'Cy']) {
      plimsolls.push(
        await createContact(testApp.app, { first_name: first, employer: 'Plimsoll Ltd' }),
      )
    }
    const deleted = plimsolls[1]
    if (!deleted) throw new Error('no contact to delete')
    const res = await request(testApp.app)
      .delete(contactPath(deleted.id))
      .set('Authorization', bearer(ALICE))
    expect(res.status).toBe(204)
  })

  test.each([
    ['lower-case UTF-8', 'zo%C3%AB'],
    ['upper-case UTF-8', 'ZO%C3%8B'],
    ['a mixed-case last name', '%C3%85NGstr'],
    ['the full name with %20', 'zo%C3%AB%20%C3%A5ngstr%C3%B6m'],
    ['the full name with +', 'Zo%C3%AB+%C3%85ngstr%C3%B6m'],
    ['a decomposed ë (NFC)', 'Zoe%CC%88'],
  ])('When the search is %s, then it finds Zoë Ångström', async (_l, search) => {
    // Act
    const res = await list(`search=${search}`)

    // Assert
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ contacts: [zoe], count: 1, first: 1 })
  })

  test.each([
    ['the middle name', 'quetzal'],
    ['first middle last', 'wilhelmina+quetzal+obradovi%C4%87'],
    ['first last', 'WILHELMINA%20OBRADOVI%C4%86'],
    ['the nickname', 'the-moth'],
    ['the employer', 'xylophonic'],
    ['the job title', 'zeppelin'],
  ])('When the search matches %s, then it finds that contact', async (_l, search) => {
    // Act
    const res = await list(`search=${search}`)

    // Assert
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ contacts: [quentin], count: 1, first: 1 })
  })

  test.each([
    ['how_you_met', 'kraken'],
    ['linkedin_url', 'narwhal'],
    ['first and last name across the middle name', 'wilhelmina+obradovi%C4%87+quetzal'],
  ])(
    'When the text is only in %s, then it finds nothing: 200 with count 0 and first 0',
    async (_l, search) => {
      // Act
      const res = await list(`search=${search}`)

      // Assert
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ contacts: [], count: 0, first: 0 })
    },
  )

  test('When nothing matches, then it is 200 with an empty page, count 0 and first 0', async () => {
    // Act
    const res = await list('search=no-such-person-anywhere')

    // Assert
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ contacts: [], count: 0, first: 0 })
  })

  test('When the search is empty, then there is no filter', async () => {
    // Act
    const all = bodyOf<ContactList>(await list(''))
    const empty = bodyOf<ContactList>(await list('search='))

    // Assert
    expect(empty).toEqual(all)
    expect(empty.count).toBe(acmeActive.length + 4)
  })

  test('When a search matches a soft-deleted contact, then it shows only with include[]=deleted', async () => {
    // Act
    const active = bodyOf<ContactList>(await list('search=plimsoll'))
    const all = bodyOf<ContactList>(await list('search=PLIMSOLL&include[]=deleted'))

    // Assert
    expect(active.count).toBe(2)
    expect(ids(active.contacts)).toEqual(ids([plimsolls[0] ?? zoe, plimsolls[2] ?? zoe]))
    expect(all.count).toBe(3)
    expect(ids(all.contacts)).toEqual(ids(plimsolls))
  })

  test('When a search is paginated, then count is all matches and first the position on the page', async () => {
    // Act
    const page2 = bodyOf<ContactList>(
      await list('search=plimsoll&include[]=deleted&limit=2&page=2'),
    )
    const page3 = bodyOf<ContactList>(
      await list('search=plimsoll&include[]=deleted&limit=2&page=3'),
    )

    // Assert
    expect(page2).toEqual({
      contacts: [expect.objectContaining({ id: plimsolls[2]?.id })],
      count: 3,
      first: 3,
    })
    expect(page3).toEqual({ contacts: [], count: 3, first: 0 })
  })

  test('When Carol searches Globex for an Acme name, then she finds nothing', async () => {
    // Act
    const res = await list('search=zo%C3%AB', GLOBEX_ORG_ID, CAROL)

    // Assert
    expect(res.status).toBe(200)
    expect(bodyOf<ContactList>(res).count).toBe(0)
  })

  test('When the search has 200 characters, then it is accepted; 201 is a 400 naming search', async () => {
    // Act
    const ok = await list(`search=${encodeURIComponent('ü'.repeat(200))}`)
    const tooLong = await list(`search=${encodeURIComponent('ü'.repeat(201))}`)

    // Assert
    expect(ok.status).toBe(200)
    expectProblem(tooLong, 400, ['search'])
  })
})
