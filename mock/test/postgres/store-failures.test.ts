// What goes wrong with a database: a failed write leaves no trace, an unreachable database is a
// clear start error, a deadlock is run again, and a database gone while serving is a 503 to
// retry, never a 500.
import { beforeAll, describe, expect, test } from '@jest/globals'
import request from 'supertest'
import { ACME_ORG_ID, ALICE, GLOBEX_ORG_ID } from '../../../fixtures/identities.ts'
import { createSeed } from '../../../fixtures/seed.ts'
import { createApp } from '../../process/node-app.ts'
import { closeAfterAll } from '../../../test-support/close-after-all.ts'
import { createContactRecord } from '../../handlers/contact-records.ts'
import { HttpError } from '../../shared/problem.ts'
import { StartupError } from '../../shared/startup-error.ts'
import { openPostgresStore, type OpenPostgres } from '../../store/postgres/open-postgres.ts'
import { startCluster, type Cluster } from '../../../test-support/postgres/test-cluster.ts'

const opened = closeAfterAll()
let cluster: Cluster
let store: OpenPostgres

beforeAll(async () => {
  cluster = opened.track(await startCluster({ settings: { fsync: 'off' } }), (it) => {
    it.stop()
  })
  store = opened.track(
    await openPostgresStore(await cluster.createDatabase(), () => createSeed(), { poolSize: 2 }),
    (it) => it.close(),
  )
})

const countOf = async (): Promise<number> => (await store.engine.describe()).contacts

describe('PostgreSQL store failures', () => {
  test('When the database cannot be reached at start, then the start fails naming it without the password', async () => {
    // Act
    const opening = openPostgresStore('postgres://mock:s3cret@127.0.0.1:1/none', () => createSeed())

    // Assert
    await expect(opening).rejects.toThrow(StartupError)
    await expect(opening).rejects.toThrow('postgres://mock:***@127.0.0.1:1/none')
  })

  test('When a write throws after creating a contact, then nothing of it is kept', async () => {
    // Arrange
    const before = await countOf()
    const contact = createContactRecord(
      { first_name: 'Ghost', relationship_type: 1 },
      {
        id: '0badc0de-0000-4000-8000-00000000beef',
        orgId: ACME_ORG_ID,
        now: '2031-01-01T00:00:00.000Z',
      },
    )

    // Act
    const writing = store.engine.write(async (repos) => {
      await repos.contacts.create(contact)
      throw new HttpError(409, 'refused after the create')
    })

    // Assert
    await expect(writing).rejects.toThrow('refused after the create')
    const found = await store.engine.read((repos) => repos.contacts.find(ACME_ORG_ID, contact.id))
    expect(found).toBeUndefined()
    expect(await countOf()).toBe(before)
  })

  test('When two writes add the same new words in opposite orders at once, then both are saved', async () => {
    // Arrange: each write's first contact brings a new word that the other's second one holds, so
    // each waits for the other (a deadlock PostgreSQL breaks by failing one); two orgs, so that
    // the orgs' counts do not order them first
    const contactOf = (name: string, orgId: string, index: number) =>
      createContactRecord(
        { first_name: name, relationship_type: 1 },
        {
          id: `0badc0de-0000-4000-8000-00000000000${String(index)}`,
          orgId,
          now: '2031-01-01T00:00:00.000Z',
        },
      )
    const pairs = [
      [contactOf('zebulonx', ACME_ORG_ID, 1), contactOf('quokkay', ACME_ORG_ID, 2)],
      [contactOf('quokkay', GLOBEX_ORG_ID, 3), contactOf('zebulonx', GLOBEX_ORG_ID, 4)],
    ] as const
    let inside = 0
    let release = (): void => undefined
    const bothInside = new Promise<void>((resolve) => {
      release = resolve
    })
    const arrive = (): Promise<void> => {
      inside += 1
      if (inside === 2) release()
      return bothInside
    }

    // Act
    const results = await Promise.allSettled(
      pairs.map(([first, second]) =>
        store.engine.write(async (repos) => {
          await repos.contacts.create(first)
          await arrive()
          await repos.contacts.create(second)
        }),
      ),
    )

    // Assert
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled'])
    const found = await store.engine.read((repos) =>
      Promise.all(pairs.flat().map((contact) => repos.contacts.find(contact.org_id, contact.id))),
    )
    expect(found.map((contact) => contact?.id)).toEqual(pairs.flat().map((contact) => contact.id))
  })

  test('When the database is gone while serving, then reads and writes answer 503, not 500', async () => {
    // Arrange
    const app = createApp({
      engine: store.engine,
      createData: () => createSeed(),
    })
    cluster.stop()
    const contacts = `/api/v1/orgs/${ACME_ORG_ID}/contacts`
    const auth = `Bearer ${ALICE.token}`

    // Act
    const read = await request(app).get(contacts).set('Authorization', auth)
    const write = await request(app)
      .post(contacts)
      .set('Authorization', auth)
      .send({ contact: { first_name: 'Nowhere', relationship_type: 1 } })

    // Assert
    expect(read.status).toBe(503)
    expect(read.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(write.status).toBe(503)
  })
})
