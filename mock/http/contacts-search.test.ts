// search= on the contact list: which fields it looks in, case and Unicode, deleted contacts, pages.
import { beforeAll, describe, expect, test } from '@jest/globals'
import { CAROL, GLOBEX_ORG_ID } from '../../fixtures/identities.ts'
import { bodyOf, expectProblem, fixtureContacts, ids, paths, useTestApp } from './support.ts'
import type { Contact, ContactList } from './support.ts'

const http = useTestApp()

let zoe: Contact
let wilhelmina: Contact
let plimsolls: Contact[]
beforeAll(async () => {
  zoe = await http.createContact({ first_name: 'Zoë', last_name: 'Ångström' })
  wilhelmina = await http.createContact({
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
    plimsolls.push(await http.createContact({ first_name: first, employer: 'Plimsoll Ltd' }))
  }
  await http.softDelete(paths.contact(plimsolls[1]?.id ?? ''))
})

describe('Search', () => {
  test.each<[label: string, search: string, who: string, found: () => Contact[]]>([
    ['lower-case UTF-8', 'zo%C3%AB', 'Zoë Ångström', () => [zoe]],
    ['upper-case UTF-8', 'ZO%C3%8B', 'Zoë Ångström', () => [zoe]],
    ['a mixed-case last name', '%C3%85NGstr', 'Zoë Ångström', () => [zoe]],
    ['the full name with %20', 'zo%C3%AB%20%C3%A5ngstr%C3%B6m', 'Zoë Ångström', () => [zoe]],
    ['the full name with +', 'Zo%C3%AB+%C3%85ngstr%C3%B6m', 'Zoë Ångström', () => [zoe]],
    ['a decomposed ë (NFC)', 'Zoe%CC%88', 'Zoë Ångström', () => [zoe]],
    ['the middle name', 'quetzal', 'Wilhelmina', () => [wilhelmina]],
    ['first middle last', 'wilhelmina+quetzal+obradovi%C4%87', 'Wilhelmina', () => [wilhelmina]],
    ['first last', 'WILHELMINA%20OBRADOVI%C4%86', 'Wilhelmina', () => [wilhelmina]],
    ['the nickname', 'the-moth', 'Wilhelmina', () => [wilhelmina]],
    ['the employer', 'xylophonic', 'Wilhelmina', () => [wilhelmina]],
    ['the job title', 'zeppelin', 'Wilhelmina', () => [wilhelmina]],
    ['text only in how_you_met', 'kraken', 'nothing', () => []],
    ['text only in linkedin_url', 'narwhal', 'nothing', () => []],
    [
      'first and last name across the middle name',
      'wilhelmina+obradovi%C4%87+quetzal',
      'nothing',
      () => [],
    ],
    ['text that matches no one', 'no-such-person-anywhere', 'nothing', () => []],
  ])('When the search is %s (%s), then it finds %s', async (_label, search, _who, found) => {
    // Act
    const res = await http.listContacts(`search=${search}`)

    // Assert
    expect(res.status).toBe(200)
    const expected = found()
    expect(res.body).toEqual({
      contacts: expected,
      count: expected.length,
      first: expected.length > 0 ? 1 : 0,
    })
  })

  test('When the search is empty, then there is no filter', async () => {
    // Act
    const all = bodyOf<ContactList>(await http.listContacts())
    const empty = bodyOf<ContactList>(await http.listContacts('search='))

    // Assert
    expect(empty).toEqual(all)
    expect(empty.count).toBe(fixtureContacts().acmeActive.length + 4)
  })

  test('When a search matches a soft-deleted contact, then it shows only with include[]=deleted', async () => {
    // Act
    const active = bodyOf<ContactList>(await http.listContacts('search=plimsoll'))
    const all = bodyOf<ContactList>(await http.listContacts('search=PLIMSOLL&include[]=deleted'))

    // Assert
    expect(active.count).toBe(2)
    expect(ids(active.contacts)).toEqual(ids([plimsolls[0] ?? zoe, plimsolls[2] ?? zoe]))
    expect(all.count).toBe(3)
    expect(ids(all.contacts)).toEqual(ids(plimsolls))
  })

  test('When a search is paginated, then count is all matches and first the position on the page', async () => {
    // Act
    const query = 'search=plimsoll&include[]=deleted&limit=2'
    const page2 = bodyOf<ContactList>(await http.listContacts(`${query}&page=2`))
    const page3 = bodyOf<ContactList>(await http.listContacts(`${query}&page=3`))

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
    const res = await http.listContacts('search=zo%C3%AB', { org: GLOBEX_ORG_ID, user: CAROL })

    // Assert
    expect(res.status).toBe(200)
    expect(bodyOf<ContactList>(res).count).toBe(0)
  })

  test('When the search has 200 characters, then it is accepted; 201 is a 400 naming search', async () => {
    // Act
    const ok = await http.listContacts(`search=${encodeURIComponent('ü'.repeat(200))}`)
    const tooLong = await http.listContacts(`search=${encodeURIComponent('ü'.repeat(201))}`)

    // Assert
    expect(ok.status).toBe(200)
    expectProblem(tooLong, 400, ['search'])
  })
})
