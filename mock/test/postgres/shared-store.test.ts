// Two instances on one database behave as one server: what one acknowledges, the other serves.
import { beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { createSeed } from '../../../fixtures/seed.ts'
import { createApp, type App } from '../../process/node-app.ts'
import { closeAfterAll } from '../../../test-support/close-after-all.ts'
import { openPostgresStore, type OpenPostgres } from '../../store/postgres/open-postgres.ts'
import { startCluster, type Cluster } from '../../../test-support/postgres/test-cluster.ts'

const contacts = `/api/v1/orgs/${ACME_ORG_ID}/contacts`
const auth = `Bearer ${ALICE.token}`

const opened = closeAfterAll()
let cluster: Cluster
const stores: OpenPostgres[] = []
let first: App
let second: App

interface ContactBody {
  id: string
  first_name: string
  last_name: string | null
  deleted_at: string | null
}

beforeAll(async () => {
  cluster = opened.track(await startCluster({ settings: { fsync: 'off' } }), (it) => {
    it.stop()
  })
  const url = await cluster.createDatabase()
  const open = async (): Promise<OpenPostgres> =>
    opened.track(await openPostgresStore(url, () => createSeed(), { poolSize: 4 }), (it) =>
      it.close(),
    )
  // both open at once: one migrates and seeds, the other waits for it and finds the work done
  stores.push(...(await Promise.all([open(), open()])))
  const [a, b] = stores.map((store) =>
    createApp({
      engine: store.engine,
      createData: () => createSeed(),
      validateResponses: true,
    }),
  )
  if (!a || !b) throw new Error('two instances were opened')
  first = a
  second = b
})

async function create(app: App, fields: Record<string, unknown>): Promise<ContactBody> {
  const res = await request(app)
    .post(contacts)
    .set('Authorization', auth)
    .send({ contact: { first_name: 'Shared', relationship_type: 1, ...fields } })
  expect(res.status).toBe(201)
  return res.body as ContactBody
}

describe('Two instances on one PostgreSQL database', () => {
  test('When both start on an empty database at once, then it is seeded once', async () => {
    // Act
    const [data] = await Promise.all(stores.map((store) => store.engine.exportData()))

    // Assert
    expect(data?.contacts).toHaveLength(createSeed().contacts.length)
  })

  test('When one instance acknowledges a create, then the next request to the other reads it', async () => {
    // Arrange
    const created = await create(first, { first_name: 'Seen-Elsewhere' })

    // Act
    const res = await request(second).get(`${contacts}/${created.id}`).set('Authorization', auth)

    // Assert
    expect(res.status).toBe(200)
    expect(res.body).toEqual(created)
  })

  test('When one instance soft-deletes a contact, then the other refuses to change it (409)', async () => {
    // Arrange
    const created = await create(first, {})
    const deleted = await request(first)
      .delete(`${contacts}/${created.id}`)
      .set('Authorization', auth)
    expect(deleted.status).toBe(204)

    // Act
    const res = await request(second)
      .patch(`${contacts}/${created.id}`)
      .set('Authorization', auth)
      .send({ contact: { first_name: 'Too late' } })

    // Assert
    expect(res.status).toBe(409)
  })

  test('When two instances PATCH different fields of one contact at once, then no field update is lost', async () => {
    // Arrange
    const targets = await Promise.all(Array.from({ length: 12 }, () => create(first, {})))

    // Act
    const patch = (app: App, id: string, fields: Record<string, string>) =>
      request(app).patch(`${contacts}/${id}`).set('Authorization', auth).send({ contact: fields })
    const answers = await Promise.all(
      targets.flatMap(({ id }) => [
        patch(first, id, { first_name: `First-${id}` }),
        patch(second, id, { last_name: `Last-${id}` }),
      ]),
    )

    // Assert
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200))
    for (const { id } of targets) {
      const res = await request(first).get(`${contacts}/${id}`).set('Authorization', auth)
      expect(res.body).toMatchObject({ first_name: `First-${id}`, last_name: `Last-${id}` })
    }
  })

  test('When a user logs in on one instance, then the token works on the other', async () => {
    // Arrange
    const login = await request(first)
      .post('/api/v1/login')
      .send({ user: { email: ALICE.email, password: ALICE.password } })
    expect(login.status).toBe(200)
    const token = (login.body as { token: string }).token

    // Act
    const res = await request(second).get(contacts).set('Authorization', `Bearer ${token}`)

    // Assert
    expect(res.status).toBe(200)
  })

  test('When one instance saves a named snapshot, then the other lists and restores it', async () => {
    // Arrange
    const saved = await request(first).post('/__admin/snapshots').send({ name: 'shared-one' })
    expect(saved.status).toBe(201)
    const gone = await create(first, { first_name: 'After-Snapshot' })

    // Act
    const listed = await request(second).get('/__admin/snapshots')
    const restored = await request(second)
      .post('/__admin/snapshots/shared-one/restore')
      .set('Content-Type', 'application/json')

    // Assert
    expect(listed.body).toMatchObject({ snapshots: [{ name: 'shared-one' }] })
    expect(restored.status).toBe(204)
    const res = await request(first).get(`${contacts}/${gone.id}`).set('Authorization', auth)
    expect(res.status).toBe(404)
  })
})
