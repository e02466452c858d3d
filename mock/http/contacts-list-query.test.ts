// The contact list: order, include[]=deleted, the org it shows, and the queries it refuses (400).
import { describe, expect, test } from '@jest/globals'
import { CAROL, GLOBEX_ORG_ID } from '../../fixtures/identities.ts'
import { bodyOf, expectProblem, fixtureContacts, ids, paths, useTestApp } from './support.ts'
import type { ContactList } from './support.ts'

const http = useTestApp()
const { acmeAll, acmeActive, globexActive } = fixtureContacts()

describe('What the fixture contact list holds (no writes)', () => {
  test('When the list is read, then it is ordered by created_at, then id', async () => {
    // Act
    const body = bodyOf<ContactList>(await http.listContacts('limit=100&include[]=deleted'))

    // Assert
    const order = body.contacts.map((c) => `${c.created_at}|${c.id}`)
    expect(order).toEqual([...order].sort())
  })

  test('When include[]=deleted is given, then active and deleted contacts are listed and counted', async () => {
    // Act
    const res = await http.listContacts('include[]=deleted&limit=100')

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
    const body = bodyOf<ContactList>(await http.listContacts('limit=100'))

    // Assert
    expect(body.contacts.every((c) => c.deleted_at === null)).toBe(true)
  })

  test('When Carol lists Globex, then she sees only Globex contacts', async () => {
    // Act
    const res = await http.listContacts('limit=100', { org: GLOBEX_ORG_ID, user: CAROL })

    // Assert
    expect(res.status).toBe(200)
    const body = bodyOf<ContactList>(res)
    expect(body.count).toBe(globexActive.length)
    expect(ids(body.contacts).sort()).toEqual(ids(globexActive).sort())
  })
})

describe('Queries the contact list refuses', () => {
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
    ['include[]=tags', 'include[]'],
    ['include=deleted', 'include'],
    ['search=a&search=b', 'search'],
    ['limt=5', 'limt'],
    ['Page=2', 'Page'],
  ])('When the query is %s, then it is 400 naming %s', async (query, field) => {
    // Act
    const res = await http.listContacts(query)

    // Assert
    const problem = expectProblem(res, 400, [field])
    expect(problem.instance).toBe(paths.contacts())
  })

  test('When page and limit are both bad, then both are named', async () => {
    // Act
    const res = await http.listContacts('page=0&limit=0')

    // Assert
    expectProblem(res, 400, ['page', 'limit'])
  })
})
