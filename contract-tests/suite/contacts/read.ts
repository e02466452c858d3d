import { decisionRule, queryRule, statusRule } from '../rules/rule.ts'
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, test } from '../support/test-api.ts'
import { call, orgPath } from '../support/api.ts'
import { contractDocument } from '../support/document.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import { createContact, fetchContact, type Contact } from '../support/records.ts'
import { NO_RECORD_IDS, testNoRecordIds } from '../support/record-checks.ts'

/** The metadata groups include[] may ask for, as the document lists them. */
function metadataGroups(): string[] {
  const parameter = contractDocument.components?.parameters?.['ContactInclude']
  const schema = parameter !== undefined && 'schema' in parameter ? parameter.schema : undefined
  const items = schema !== undefined && 'items' in schema ? schema.items : undefined
  const values = items !== undefined && 'enum' in items ? items.enum : undefined
  if (!Array.isArray(values)) throw new Error('the document lists no groups for include[]')
  return values.map(String)
}

const GROUPS = metadataGroups()
/** Every group, empty: a contact with no metadata. */
const NO_GROUPS = Object.fromEntries(GROUPS.map((group) => [group, []]))

const includeQuery = (...values: string[]): [string, string][] =>
  values.map((value) => ['include[]', value])

/** The contact `id`, with the metadata groups asked for. */
const fetchWithGroups = (id: string, ...groups: string[]) =>
  call('GET', orgPath('contacts', id), { query: includeQuery(...groups) })

const groupsIn = (body: unknown): string[] =>
  GROUPS.filter((group) => typeof body === 'object' && body !== null && group in body)

/** Every check of a contact fetched: its 200. */
const FETCHED = { ...WRITES, covers: [statusRule('getContact', 200)] }

describeIf(FETCHED, 'GET /api/v1/orgs/{org_id}/contacts/{contact_id}', () => {
  let contact: Contact

  beforeAll(async () => {
    contact = await createContact()
  })

  test(
    'When a contact is fetched, then it answers 200 with the stored record and no metadata group',
    { covers: [decisionRule(18)] },
    async () => {
      // Act
      const res = await fetchContact(contact.id)

      // Assert
      expect(res).toMatchDocument()
      expect(res.body).toEqual(contact)
      expect(groupsIn(res.body)).toEqual([])
    },
  )

  test.each(GROUPS)(
    'When include[]=%s is asked, then that group is present as an array and no other group is',
    { covers: [queryRule('getContact', 'include[]', 'enum')] },
    async (group) => {
      // Act
      const res = await fetchWithGroups(contact.id, group)

      // Assert
      expect(res).toMatchDocument()
      expect(groupsIn(res.body)).toEqual([group])
      expect(Array.isArray((res.body as Record<string, unknown>)[group])).toBe(true)
    },
  )

  test.each([
    ['three groups', ['tags', 'pets', 'locations'], ['locations', 'pets', 'tags']],
    ['a group twice', ['tags', 'tags'], ['tags']],
  ])(
    'When include[] asks for %s, then exactly those groups are present',
    { covers: [queryRule('getContact', 'include[]', 'maxItems')] },
    async (_label, asked, present) => {
      // Act
      const res = await fetchWithGroups(contact.id, ...asked)

      // Assert
      expect(res).toMatchDocument()
      expect(groupsIn(res.body).sort()).toEqual(present)
    },
  )

  test('When every include[] group is asked for a new contact, then each is present and empty, with the contact', async () => {
    // Act
    const res = await fetchWithGroups(contact.id, ...GROUPS)

    // Assert
    expect(res).toMatchDocument()
    expect(res.body).toEqual({ ...contact, ...NO_GROUPS })
  })
})

/** A contact of the organization with metadata, fetched with every group; undefined if none. */
async function aContactWithGroups(): Promise<Record<string, unknown> | undefined> {
  const list = await call('GET', orgPath('contacts'), { query: { limit: '20' } })
  for (const { id } of (list.body as { contacts?: Contact[] } | undefined)?.contacts ?? []) {
    const res = await fetchWithGroups(id, ...GROUPS)
    const body = res.body as Record<string, unknown>
    if (GROUPS.some((group) => Array.isArray(body[group]) && body[group].length > 0)) return body
  }
  return undefined
}

describeIf(FETCHED, 'GET /api/v1/orgs/{org_id}/contacts/{contact_id}, metadata of its own', () => {
  test("When a contact with metadata was fetched just before, then a new contact's groups stay empty and the other's unchanged", async () => {
    // Arrange
    const contact = await createContact()
    const other = await aContactWithGroups()

    // Act
    const res = await fetchWithGroups(contact.id, ...GROUPS)
    const otherAgain =
      other === undefined ? undefined : await fetchWithGroups(String(other['id']), ...GROUPS)

    // Assert
    expect(res).toMatchDocument()
    const body = res.body as Record<string, unknown>
    expect(Object.fromEntries(GROUPS.map((group) => [group, body[group]]))).toEqual(NO_GROUPS)
    expect(otherAgain?.body).toEqual(other)
  })
})

describe('GET /api/v1/orgs/{org_id}/contacts/{contact_id}, refused', () => {
  testNoRecordIds(
    'getContact',
    fetchContact,
    'When the id is %s, then it answers 404 problem+json (not 400)',
    [
      ...NO_RECORD_IDS,
      ['a UUID without dashes', randomUUID().replaceAll('-', '')],
      ['120 characters long', 'a'.repeat(120)],
    ],
  )

  test.each<[string, [string, string][], string]>([
    ['include[]=deleted', includeQuery('deleted'), 'include[]'],
    ['include[]=notes', includeQuery('notes'), 'include[]'],
    ['include[]=Tags', includeQuery('Tags'), 'include[]'],
    ['an empty include[]', includeQuery(''), 'include[]'],
    ['include[]=tags and include[]=Pets', includeQuery('tags', 'Pets'), 'include[]'],
    ['include=tags, without the brackets', [['include', 'tags']], 'include'],
    ['include[0]=tags, with an index', [['include[0]', 'tags']], 'include[0]'],
  ])(
    'When %s is asked, then it answers 400 naming %s',
    { covers: [statusRule('getContact', 400), queryRule('getContact', 'include[]', 'enum')] },
    async (_label, query, name) => {
      // Act (the query is checked before the id: an unknown id still gets the 400)
      const res = await call('GET', orgPath('contacts', randomUUID()), { query })

      // Assert
      expect(res).toBeProblem(400, [name])
    },
  )
})
