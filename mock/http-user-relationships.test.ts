// User relationships (ownership, validation, soft delete) and the relationship type catalog.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import {
  ACME_ORG_ID,
  ALICE,
  BOB,
  CAROL,
  CHILD_TYPE_ID,
  GLOBEX_ORG_ID,
  PARENT_TYPE_ID,
} from '../fixtures/identities.ts'
import { RELATIONSHIP_TYPES } from '../fixtures/relationship-types.ts'
import { createSeed } from '../fixtures/seed.ts'
import {
  bearer,
  bodyOf,
  CATALOG_PATH,
  contactPath,
  createContact,
  createUserRelationship,
  expectProblem,
  messageOf,
  tickingClock,
  UNKNOWN_ID,
  USER_RELATIONSHIP_KEYS,
  userRelationshipPath,
  userRelationshipsPath,
  type Contact,
  type RelationshipTypeList,
  type UserRelationship,
  type UserRelationshipList,
} from './http-test-support.ts'
import { createTestApp, type TestApp } from './test-app.ts'

const FRIEND_TYPE_ID = RELATIONSHIP_TYPES.find((type) => type.name === 'Friend')?.id ?? ''
const seed = createSeed()
const seededOf = (userId: string) => seed.user_relationships.filter((r) => r.user_id === userId)

let testApp: TestApp
let contact: Contact
beforeAll(async () => {
  testApp = await createTestApp({ now: tickingClock() })
  contact = await createContact(testApp.app, { first_name: 'Related' })
})
afterAll(async () => {
  await testApp.close()
})

const get = (id: string, user: { token: string } = ALICE, org = ACME_ORG_ID) =>
  request(testApp.app).get(userRelationshipPath(id, org)).set('Authorization', bearer(user))

const listAll = async (
  user: { token: string },
  query = 'include[]=deleted&limit=100',
  org = ACME_ORG_ID,
) => {
  const res = await request(testApp.app)
    .get(`${userRelationshipsPath(org)}?${query}`)
    .set('Authorization', bearer(user))
  expect(res.status).toBe(200)
  return bodyOf<UserRelationshipList>(res)
}

const countAll = async (user: { token: string } = ALICE): Promise<number> =>
  (await listAll(user)).count

describe('The fixture relationships (read before any write)', () => {
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
      const activeList = await listAll(user, 'limit=100')
      const allList = await listAll(user)

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
    const list = await listAll(CAROL, 'include[]=deleted', GLOBEX_ORG_ID)

    // Assert
    expect(list.count).toBe(seededOf(CAROL.id).length)
    expect(list.user_relationships.every((r) => r.user_id === CAROL.id)).toBe(true)
  })

  test('When Alice lists with limit 2, then pages are consistent: count, first, no overlap', async () => {
    // Arrange
    const all = (await listAll(ALICE)).user_relationships

    // Act
    const page1 = await listAll(ALICE, 'include[]=deleted&limit=2&page=1')
    const page2 = await listAll(ALICE, 'include[]=deleted&limit=2&page=2')
    const beyond = await listAll(ALICE, 'include[]=deleted&limit=2&page=99')

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
    const res = await request(testApp.app)
      .get(`${userRelationshipsPath()}?${query}`)
      .set('Authorization', bearer(ALICE))

    // Assert
    expectProblem(res, 400, [field])
  })
})

describe('POST /api/v1/orgs/{org_id}/user_relationships', () => {
  test('When Alice creates one as a form, then it is 201 with user_id = Alice, a Location, and it reads back equal', async () => {
    // Act
    const res = await request(testApp.app)
      .post(userRelationshipsPath())
      .set('Authorization', bearer(ALICE))
      .type('form')
      .send(
        `user_relationship[contact_id]=${contact.id}&user_relationship[relationship_id]=${CHILD_TYPE_ID}` +
          '&user_relationship[anniversary_date]=2015-06-20',
      )

    // Assert
    expect(res.status).toBe(201)
    const created = bodyOf<UserRelationship>(res)
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      user_id: ALICE.id,
      contact_id: contact.id,
      relationship_id: CHILD_TYPE_ID,
      anniversary_date: '2015-06-20',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: created.created_at,
      deleted_at: null,
    })
    expect(res.headers['location']).toBe(
      `/api/v1/orgs/${ACME_ORG_ID}/user_relationships/${created.id}`,
    )
    expect((await get(created.id)).body).toEqual(created)
  })

  test('When Bob creates one as JSON without a date, then user_id = Bob and anniversary_date is null', async () => {
    // Act
    const res = await request(testApp.app)
      .post(userRelationshipsPath())
      .set('Authorization', bearer(BOB))
      .send({ user_relationship: { contact_id: contact.id, relationship_id: PARENT_TYPE_ID } })

    // Assert
    expect(res.status).toBe(201)
    const created = bodyOf<UserRelationship>(res)
    expect(created).toMatchObject({
      user_id: BOB.id,
      anniversary_date: null,
      relationship_id: PARENT_TYPE_ID,
    })
    expect(res.headers['location']).toBe(userRelationshipPath(created.id))
  })

  test('When JSON sends anniversary_date null, then it is stored as null', async () => {
    // Act
    const created = await createUserRelationship(testApp.app, {
      contact_id: contact.id,
      relationship_id: FRIEND_TYPE_ID,
      anniversary_date: null,
    })

    // Assert
    expect(created.anniversary_date).toBeNull()
  })

  test('When the same contact and type are linked twice, then both are created', async () => {
    // Arrange
    const fields = {
      contact_id: contact.id,
      relationship_id: FRIEND_TYPE_ID,
      anniversary_date: '2024-02-29',
    }

    // Act
    const first = await createUserRelationship(testApp.app, fields)
    const second = await createUserRelationship(testApp.app, fields)

    // Assert
    expect(second.id).not.toBe(first.id)
    expect(second).toMatchObject({ contact_id: contact.id, anniversary_date: '2024-02-29' })
  })

  test("When Alice and Bob each create one, then each list shows only the owner's", async () => {
    // Arrange
    const alices = await createUserRelationship(testApp.app, {
      contact_id: contact.id,
      relationship_id: CHILD_TYPE_ID,
    })
    const bobs = await createUserRelationship(
      testApp.app,
      { contact_id: contact.id, relationship_id: PARENT_TYPE_ID },
      { user: BOB },
    )

    // Act
    const aliceList = await listAll(ALICE)
    const bobList = await listAll(BOB)

    // Assert
    const aliceIds = aliceList.user_relationships.map((r) => r.id)
    const bobIds = bobList.user_relationships.map((r) => r.id)
    expect(aliceIds).toContain(alices.id)
    expect(aliceIds).not.toContain(bobs.id)
    expect(bobIds).toContain(bobs.id)
    expect(bobIds).not.toContain(alices.id)
    expect(aliceList.user_relationships.every((r) => r.user_id === ALICE.id)).toBe(true)
    expect(bobList.user_relationships.every((r) => r.user_id === BOB.id)).toBe(true)
  })

  describe('Validation (a rejected create adds nothing)', () => {
    const deletedAcme = () =>
      seed.contacts.find((c) => c.org_id === ACME_ORG_ID && c.deleted_at !== null)
    const globexContact = () => seed.contacts.find((c) => c.org_id === GLOBEX_ORG_ID)

    test.each([
      ['missing', () => ({ relationship_id: CHILD_TYPE_ID }), 'user_relationship[contact_id]'],
      [
        'not a UUID',
        () => ({ contact_id: 'bob', relationship_id: CHILD_TYPE_ID }),
        'user_relationship[contact_id]',
      ],
      [
        'unknown',
        () => ({ contact_id: UNKNOWN_ID, relationship_id: CHILD_TYPE_ID }),
        'user_relationship[contact_id]',
      ],
      [
        'a soft-deleted contact',
        () => ({ contact_id: deletedAcme()?.id, relationship_id: CHILD_TYPE_ID }),
        'user_relationship[contact_id]',
      ],
      [
        "another org's contact",
        () => ({ contact_id: globexContact()?.id, relationship_id: CHILD_TYPE_ID }),
        'user_relationship[contact_id]',
      ],
      ['a missing type', () => ({ contact_id: contact.id }), 'user_relationship[relationship_id]'],
      [
        'an unknown type',
        () => ({ contact_id: contact.id, relationship_id: UNKNOWN_ID }),
        'user_relationship[relationship_id]',
      ],
      [
        'a type that is not a UUID',
        () => ({ contact_id: contact.id, relationship_id: 'Child' }),
        'user_relationship[relationship_id]',
      ],
      [
        'a contact id as the type',
        () => ({ contact_id: contact.id, relationship_id: contact.id }),
        'user_relationship[relationship_id]',
      ],
      [
        'an unknown field',
        () => ({ contact_id: contact.id, relationship_id: CHILD_TYPE_ID, user_id: BOB.id }),
        'user_relationship[user_id]',
      ],
    ])(
      'When contact_id/relationship_id is %s, then it is 422 naming %s',
      async (_l, fields, field) => {
        // Arrange
        const before = await countAll()

        // Act
        const res = await request(testApp.app)
          .post(userRelationshipsPath())
          .set('Authorization', bearer(ALICE))
          .send({ user_relationship: fields() })

        // Assert
        expectProblem(res, 422, [field])
        expect(await countAll()).toBe(before)
      },
    )

    test('When both the contact and the type are unknown, then both are named', async () => {
      // Act
      const res = await request(testApp.app)
        .post(userRelationshipsPath())
        .set('Authorization', bearer(ALICE))
        .type('form')
        .send(
          `user_relationship[contact_id]=${UNKNOWN_ID}&user_relationship[relationship_id]=${UNKNOWN_ID}`,
        )

      // Assert
      const problem = expectProblem(res, 422, [
        'user_relationship[contact_id]',
        'user_relationship[relationship_id]',
      ])
      expect(problem.detail).toBe('2 fields are invalid; nothing was changed.')
    })

    test('When the contact was soft-deleted after being linkable, then a new link is 422', async () => {
      // Arrange
      const doomed = await createContact(testApp.app, { first_name: 'Doomed' })
      await request(testApp.app).delete(contactPath(doomed.id)).set('Authorization', bearer(ALICE))

      // Act
      const res = await request(testApp.app)
        .post(userRelationshipsPath())
        .set('Authorization', bearer(ALICE))
        .send({ user_relationship: { contact_id: doomed.id, relationship_id: CHILD_TYPE_ID } })

      // Assert
      const problem = expectProblem(res, 422, ['user_relationship[contact_id]'])
      expect(messageOf(problem, 'user_relationship[contact_id]')).toBe(
        'is not an active contact of this organization',
      )
    })

    test.each([
      '2023-02-30',
      '20230101',
      '2023-1-1',
      '2023-13-01',
      '2023-01-01T00:00:00Z',
      'tomorrow',
    ])(
      'When anniversary_date is %s, then it is 422 naming user_relationship[anniversary_date]',
      async (date) => {
        // Arrange
        const before = await countAll()

        // Act
        const res = await request(testApp.app)
          .post(userRelationshipsPath())
          .set('Authorization', bearer(ALICE))
          .type('form')
          .send(
            `user_relationship[contact_id]=${contact.id}&user_relationship[relationship_id]=${CHILD_TYPE_ID}` +
              `&user_relationship[anniversary_date]=${encodeURIComponent(date)}`,
          )

        // Assert
        expectProblem(res, 422, ['user_relationship[anniversary_date]'])
        expect(await countAll()).toBe(before)
      },
    )

    test('When the form repeats contact_id, then it is 422 for that field', async () => {
      // Act
      const res = await request(testApp.app)
        .post(userRelationshipsPath())
        .set('Authorization', bearer(ALICE))
        .type('form')
        .send(
          `user_relationship[contact_id]=${contact.id}&user_relationship[contact_id]=${contact.id}` +
            `&user_relationship[relationship_id]=${CHILD_TYPE_ID}`,
        )

      // Assert
      expectProblem(res, 422, ['user_relationship[contact_id]'])
    })

    test('When an unknown top-level field is sent, then it is 422 naming it', async () => {
      // Act
      const res = await request(testApp.app)
        .post(userRelationshipsPath())
        .set('Authorization', bearer(ALICE))
        .send({
          user_relationship: { contact_id: contact.id, relationship_id: CHILD_TYPE_ID },
          soft_delete: false,
        })

      // Assert
      expectProblem(res, 422, ['soft_delete'])
    })
  })
})

describe('GET, PATCH and DELETE of one relationship', () => {
  let alices: UserRelationship
  beforeAll(async () => {
    alices = await createUserRelationship(testApp.app, {
      contact_id: contact.id,
      relationship_id: CHILD_TYPE_ID,
      anniversary_date: '2010-10-10',
    })
  })

  test.each([
    ['GET', (id: string) => request(testApp.app).get(userRelationshipPath(id))],
    [
      'PATCH',
      (id: string) =>
        request(testApp.app)
          .patch(userRelationshipPath(id))
          .send({ user_relationship: { anniversary_date: '2000-01-01' } }),
    ],
    ['DELETE', (id: string) => request(testApp.app).delete(userRelationshipPath(id))],
  ])(
    "When Bob sends %s for Alice's relationship, then it is 404 and it is unchanged",
    async (_m, send) => {
      // Act
      const res = await send(alices.id).set('Authorization', bearer(BOB))

      // Assert
      const problem = expectProblem(res, 404)
      expect(problem.detail).toContain(alices.id)
      expect((await get(alices.id)).body).toEqual(alices)
    },
  )

  test("When Carol asks Globex for Alice's relationship, then it is 404", async () => {
    // Act
    const res = await get(alices.id, CAROL, GLOBEX_ORG_ID)

    // Assert
    expectProblem(res, 404)
  })

  test.each([UNKNOWN_ID, 'not-a-uuid'])(
    'When relationship %s is fetched, then it is 404',
    async (id) => {
      // Act
      const res = await get(id)

      // Assert
      expectProblem(res, 404)
    },
  )

  test('When Alice sets a new anniversary as a form, then only it and updated_at change', async () => {
    // Arrange
    const before = await createUserRelationship(testApp.app, {
      contact_id: contact.id,
      relationship_id: CHILD_TYPE_ID,
    })

    // Act
    const res = await request(testApp.app)
      .patch(userRelationshipPath(before.id))
      .set('Authorization', bearer(ALICE))
      .type('form')
      .send('user_relationship[anniversary_date]=2016-06-20')

    // Assert
    expect(res.status).toBe(200)
    const after = bodyOf<UserRelationship>(res)
    expect(after).toEqual({
      ...before,
      anniversary_date: '2016-06-20',
      updated_at: after.updated_at,
    })
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at))
    expect((await get(before.id)).body).toEqual(after)
  })

  test('When Alice sets a new anniversary as JSON, then it is 200 with the date', async () => {
    // Arrange
    const before = await createUserRelationship(testApp.app, {
      contact_id: contact.id,
      relationship_id: CHILD_TYPE_ID,
    })

    // Act
    const res = await request(testApp.app)
      .patch(userRelationshipPath(before.id))
      .set('Authorization', bearer(ALICE))
      .send({ user_relationship: { anniversary_date: '2024-02-29' } })

    // Assert
    expect(res.status).toBe(200)
    expect(bodyOf<UserRelationship>(res).anniversary_date).toBe('2024-02-29')
  })

  describe('PATCH validation (a rejected update changes nothing)', () => {
    test.each<[string, object, string[]]>([
      ['no anniversary_date', { user_relationship: {} }, ['user_relationship[anniversary_date]']],
      [
        'anniversary_date null',
        { user_relationship: { anniversary_date: null } },
        ['user_relationship[anniversary_date]'],
      ],
      [
        'an impossible date',
        { user_relationship: { anniversary_date: '2023-02-30' } },
        ['user_relationship[anniversary_date]'],
      ],
      [
        'a date without dashes',
        { user_relationship: { anniversary_date: '20230101' } },
        ['user_relationship[anniversary_date]'],
      ],
      [
        'contact_id (not accepted)',
        { user_relationship: { anniversary_date: '2001-01-01', contact_id: UNKNOWN_ID } },
        ['user_relationship[contact_id]'],
      ],
      [
        'relationship_id (not accepted)',
        { user_relationship: { anniversary_date: '2001-01-01', relationship_id: CHILD_TYPE_ID } },
        ['user_relationship[relationship_id]'],
      ],
      [
        'no user_relationship',
        { anniversary_date: '2001-01-01' },
        ['user_relationship', 'anniversary_date'],
      ],
    ])('When the PATCH has %s, then it is 422 naming it', async (_l, body, fields) => {
      // Act
      const res = await request(testApp.app)
        .patch(userRelationshipPath(alices.id))
        .set('Authorization', bearer(ALICE))
        .send(body)

      // Assert
      expectProblem(res, 422, fields)
      expect((await get(alices.id)).body).toEqual(alices)
    })

    test('When the PATCH has no anniversary_date, then the message is "is required"', async () => {
      // Act
      const res = await request(testApp.app)
        .patch(userRelationshipPath(alices.id))
        .set('Authorization', bearer(ALICE))
        .send({ user_relationship: {} })

      // Assert
      const problem = expectProblem(res, 422, ['user_relationship[anniversary_date]'])
      expect(messageOf(problem, 'user_relationship[anniversary_date]')).toBe('is required')
    })

    test('When a form PATCH carries relationship_id with the date, then it is 422 naming it', async () => {
      // Act
      const res = await request(testApp.app)
        .patch(userRelationshipPath(alices.id))
        .set('Authorization', bearer(ALICE))
        .type('form')
        .send(
          `user_relationship[anniversary_date]=2001-01-01&user_relationship[relationship_id]=${PARENT_TYPE_ID}`,
        )

      // Assert
      const problem = expectProblem(res, 422, ['user_relationship[relationship_id]'])
      expect(messageOf(problem, 'user_relationship[relationship_id]')).toBe('is not accepted here')
      expect((await get(alices.id)).body).toEqual(alices)
    })

    test('When a PATCH has no body, then it is 422 naming user_relationship', async () => {
      // Act
      const res = await request(testApp.app)
        .patch(userRelationshipPath(alices.id))
        .set('Authorization', bearer(ALICE))

      // Assert
      expectProblem(res, 422, ['user_relationship'])
    })
  })

  test('When a relationship is deleted, then it is 204 with no body, the list hides it, include[]=deleted and GET show it with deleted_at', async () => {
    // Arrange
    const created = await createUserRelationship(testApp.app, {
      contact_id: contact.id,
      relationship_id: FRIEND_TYPE_ID,
    })

    // Act
    const res = await request(testApp.app)
      .delete(userRelationshipPath(created.id))
      .set('Authorization', bearer(ALICE))

    // Assert
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    expect((await listAll(ALICE, 'limit=100')).user_relationships.map((r) => r.id)).not.toContain(
      created.id,
    )
    const fetched = bodyOf<UserRelationship>(await get(created.id))
    expect(fetched).toEqual({
      ...created,
      deleted_at: expect.any(String),
      updated_at: fetched.deleted_at,
    })
    expect(Date.parse(fetched.deleted_at ?? '')).toBeGreaterThan(Date.parse(created.created_at))
    const listed = (await listAll(ALICE)).user_relationships.find((r) => r.id === created.id)
    expect(listed).toEqual(fetched)
  })

  test('When a deleted relationship is deleted again, then it is 204 and keeps the first deleted_at', async () => {
    // Arrange
    const created = await createUserRelationship(testApp.app, {
      contact_id: contact.id,
      relationship_id: FRIEND_TYPE_ID,
    })
    await request(testApp.app)
      .delete(userRelationshipPath(created.id))
      .set('Authorization', bearer(ALICE))
    const first = bodyOf<UserRelationship>(await get(created.id))

    // Act
    const res = await request(testApp.app)
      .delete(userRelationshipPath(created.id))
      .set('Authorization', bearer(ALICE))

    // Assert
    expect(res.status).toBe(204)
    expect((await get(created.id)).body).toEqual(first)
  })

  test('When a deleted relationship is updated, then it is 409 and unchanged', async () => {
    // Arrange
    const created = await createUserRelationship(testApp.app, {
      contact_id: contact.id,
      relationship_id: FRIEND_TYPE_ID,
    })
    await request(testApp.app)
      .delete(userRelationshipPath(created.id))
      .set('Authorization', bearer(ALICE))
    const deleted = bodyOf<UserRelationship>(await get(created.id))

    // Act
    const res = await request(testApp.app)
      .patch(userRelationshipPath(created.id))
      .set('Authorization', bearer(ALICE))
      .send({ user_relationship: { anniversary_date: '2020-01-01' } })

    // Assert
    const problem = expectProblem(res, 409)
    expect(problem.detail).toContain(created.id)
    expect((await get(created.id)).body).toEqual(deleted)
  })

  test.each([
    ['a form body', 'soft_delete=false', 'form'],
    ['a JSON body', '{"soft_delete":false}', 'json'],
  ])(
    'When the DELETE carries %s, then it is 400 and nothing is deleted',
    async (_l, body, type) => {
      // Act
      const res = await request(testApp.app)
        .delete(userRelationshipPath(alices.id))
        .set('Authorization', bearer(ALICE))
        .type(type)
        .send(body)

      // Assert
      const problem = expectProblem(res, 400)
      expect(problem.detail).toContain('no request body')
      expect((await get(alices.id)).body).toEqual(alices)
    },
  )

  test('When the DELETE has soft_delete in the query, then it is 400 naming soft_delete (it is always soft)', async () => {
    // Act
    const res = await request(testApp.app)
      .delete(`${userRelationshipPath(alices.id)}?soft_delete=false`)
      .set('Authorization', bearer(ALICE))

    // Assert
    expectProblem(res, 400, ['soft_delete'])
    expect((await get(alices.id)).body).toEqual(alices)
  })
})

describe('GET /api/v1/relationships (the catalog)', () => {
  let catalog: RelationshipTypeList
  beforeAll(async () => {
    const res = await request(testApp.app).get(CATALOG_PATH).set('Authorization', bearer(BOB))
    expect(res.status).toBe(200)
    catalog = bodyOf<RelationshipTypeList>(res)
  })

  test('When the catalog is read, then it has at least 20 types, count is its size and first is 1', () => {
    // Assert
    expect(catalog.relationships.length).toBeGreaterThanOrEqual(20)
    expect(catalog.count).toBe(catalog.relationships.length)
    expect(catalog.first).toBe(1)
    expect(Object.keys(catalog).sort()).toEqual(['count', 'first', 'relationships'])
  })

  test('When the catalog is read, then Child and Parent are there, each the inverse of the other', () => {
    // Assert
    const byId = new Map(catalog.relationships.map((type) => [type.id, type]))
    expect(byId.get(CHILD_TYPE_ID)).toEqual({
      id: CHILD_TYPE_ID,
      name: 'Child',
      relationship_id: PARENT_TYPE_ID,
    })
    expect(byId.get(PARENT_TYPE_ID)).toEqual({
      id: PARENT_TYPE_ID,
      name: 'Parent',
      relationship_id: CHILD_TYPE_ID,
    })
  })

  test('When the catalog is read, then every inverse is a type of the catalog that points back', () => {
    // Assert
    const byId = new Map(catalog.relationships.map((type) => [type.id, type]))
    for (const type of catalog.relationships) {
      if (type.relationship_id === null) continue
      expect(byId.get(type.relationship_id)?.relationship_id).toBe(type.id)
    }
  })

  test('When the catalog is read, then it is sorted by name and equals the fixture catalog', () => {
    // Assert
    const names = catalog.relationships.map((type) => type.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
    expect(new Set(catalog.relationships.map((type) => type.id))).toEqual(
      new Set(RELATIONSHIP_TYPES.map((type) => type.id)),
    )
  })
})
