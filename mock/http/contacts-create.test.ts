// POST /api/v1/orgs/{org_id}/contacts: what a create stores and returns, and where it shows.
import { describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, CAROL, GLOBEX_ORG_ID } from '../../fixtures/identities.ts'
import { bodyOf, CONTACT_KEYS, expectProblem, paths, TIMESTAMP, useTestApp } from './support.ts'
import type { Contact } from './support.ts'

const http = useTestApp()

const listIds = async (query = ''): Promise<string[]> =>
  (await http.allContacts({ query })).map((contact) => contact.id)

describe('POST /api/v1/orgs/{org_id}/contacts', () => {
  test('When every field is sent as a form, then it is 201 with the record, a Location, and it reads back equal', async () => {
    // Arrange
    const form = [
      'contact[first_name]=Maria',
      'contact[middle_name]=Luisa',
      'contact[last_name]=M%C3%BCller',
      'contact[relationship_type]=3',
      'contact[nickname]=Malu',
      'contact[employer]=Hartmann+%26+S%C3%B6hne+GmbH',
      'contact[job_title]=Head+of+Procurement',
      'contact[linkedin_url]=https%3A%2F%2Fwww.linkedin.com%2Fin%2Fmaria',
      'contact[how_you_met]=Panel+in+Hamburg%2C+2019',
      'contact[birthday]=1986-04-23',
      'contact[gender]=female',
    ].join('&')

    // Act
    const res = await http.post(paths.contacts()).type('form').send(form)

    // Assert
    expect(res.status).toBe(201)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    const created = bodyOf<Contact>(res)
    expect(created).toEqual({
      id: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      first_name: 'Maria',
      middle_name: 'Luisa',
      last_name: 'Müller',
      relationship_type: 3,
      nickname: 'Malu',
      employer: 'Hartmann & Söhne GmbH',
      job_title: 'Head of Procurement',
      linkedin_url: 'https://www.linkedin.com/in/maria',
      how_you_met: 'Panel in Hamburg, 2019',
      birthday: '1986-04-23',
      gender: 'female',
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: created.created_at,
      deleted_at: null,
    })
    expect(res.headers['location']).toBe(`/api/v1/orgs/${ACME_ORG_ID}/contacts/${created.id}`)
    await http.expectStored(paths.contact(created.id), created)
  })

  test('When only the required fields are sent as JSON, then every other field is present and null', async () => {
    // Arrange
    const given = { first_name: 'Ann', relationship_type: 0 }
    const stamps = ['id', 'created_at', 'updated_at']
    const others = CONTACT_KEYS.filter((key) => !(key in given) && !stamps.includes(key))

    // Act
    const res = await http.post(paths.contacts()).send({ contact: given })

    // Assert
    expect(res.status).toBe(201)
    const created = bodyOf<Contact>(res)
    expect(others).toHaveLength(10)
    expect(created).toEqual({
      ...given,
      ...Object.fromEntries(others.map((key) => [key, null])),
      id: expect.any(String),
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: created.created_at,
    })
    expect(res.headers['location']).toBe(paths.contact(created.id))
    await http.expectStored(paths.contact(created.id), created)
  })

  test('When two identical creates are sent, then two contacts exist (duplicates are allowed)', async () => {
    // Arrange
    const fields = { first_name: 'Twin', last_name: 'Duplicate', relationship_type: 2 }

    // Act
    const first = await http.createContact(fields)
    const second = await http.createContact(fields)

    // Assert
    expect(first.id).not.toBe(second.id)
    const ids = await listIds()
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id]))
  })

  test('When a contact is created, then it is the last one of the list (created_at, then id)', async () => {
    // Act
    const created = await http.createContact({ first_name: 'Newest' })

    // Assert
    const ids = await listIds()
    expect(ids.at(-1)).toBe(created.id)
  })

  test('When Carol creates a contact in Globex, then Acme never sees it', async () => {
    // Act
    const created = await http.createContact(
      { first_name: 'Globex-only' },
      { org: GLOBEX_ORG_ID, user: CAROL },
    )

    // Assert
    await http.expectStored(paths.contact(created.id, GLOBEX_ORG_ID), created, CAROL)
    expectProblem(await http.get(paths.contact(created.id)), 404)
    expect(await listIds('include[]=deleted')).not.toContain(created.id)
  })
})
