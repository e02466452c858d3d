// The same repository calls on both stores give the same answers, to the letter: list order with
// tied created_at, counts and first, soft delete, search (NFC, case, LIKE's own characters, the
// separator between fields; by whole texts and by words), purge with the relationships pointing
// at a contact.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { createSeed } from '../../../fixtures/seed.ts'
import { closeAfterAll } from '../../../test-support/close-after-all.ts'
import type { StoredContact } from '../../shared/data.ts'
import { createContactRecord } from '../../handlers/contact-records.ts'
import { openStore, type OpenStore } from '../../store/memory/disk/open-store.ts'
import type { ContactQuery, StorageEngine } from '../../store/repositories.ts'
import { openPostgresStore, type OpenPostgres } from '../../store/postgres/open-postgres.ts'
import { startCluster, type Cluster } from '../../../test-support/postgres/test-cluster.ts'

const TIE = '2031-05-05T05:05:05.000Z'
const NAMES = [
  '100% sure',
  '100 percent',
  'a_b',
  'axb',
  'back\\slash',
  'Ångström',
  'ÉLAN',
  'x\u0001y',
]

const opened = closeAfterAll()
let cluster: Cluster
let dir: string
let file: OpenStore
let postgres: OpenPostgres
const engines = (): [string, StorageEngine][] => [
  ['file', file.engine],
  ['postgres', postgres.engine],
]

/** Contacts whose created_at ties (so the id decides) and whose names trip LIKE and NFC. */
function contactsToAdd(): StoredContact[] {
  return NAMES.map((name, index) => ({
    ...createContactRecord(
      { first_name: name, last_name: index % 2 === 0 ? 'Tie' : 'Other', relationship_type: 1 },
      {
        id: `00000000-0000-4000-8000-00000000000${String(9 - index)}`,
        orgId: ACME_ORG_ID,
        now: TIE,
      },
    ),
  }))
}

beforeAll(async () => {
  cluster = opened.track(await startCluster({ settings: { fsync: 'off' } }), (it) => {
    it.stop()
  })
  dir = opened.track(mkdtempSync(join(tmpdir(), 'same-behaviour-')), (path) => {
    rmSync(path, { recursive: true, force: true })
  })
  file = opened.track(await openStore(join(dir, 'db.json'), () => createSeed()), (it) => it.close())
  postgres = opened.track(
    await openPostgresStore(await cluster.createDatabase(), () => createSeed(), { poolSize: 2 }),
    (it) => it.close(),
  )
  for (const [, engine] of engines()) {
    await engine.write(async (repos) => {
      for (const contact of contactsToAdd()) await repos.contacts.create(contact)
      const [, soft] = contactsToAdd()
      if (soft)
        await repos.contacts.update(ACME_ORG_ID, soft.id, (c) => ({ ...c, deleted_at: TIE }))
    })
  }
})

async function listOn(engine: StorageEngine, query: Partial<ContactQuery>) {
  const page = await engine.read((repos) =>
    repos.contacts.list({
      orgId: ACME_ORG_ID,
      search: undefined,
      withDeleted: false,
      page: 1,
      limit: 100,
      ...query,
    }),
  )
  return { ids: page.items.map((item) => item.id), count: page.count, first: page.first }
}

describe('The file store and the PostgreSQL store', () => {
  test.each<[string, Partial<ContactQuery>]>([
    ['every active contact', {}],
    ['every contact with the deleted', { withDeleted: true }],
    ['page 3 of 7', { page: 3, limit: 7 }],
    ['a page past the end', { page: 40, limit: 7 }],
    ['search "%"', { search: '%' }],
    ['search "_"', { search: '_' }],
    ['search "\\"', { search: '\\' }],
    ['search "100%" (through the words)', { search: '100%' }],
    ['search "a_b" (through the words)', { search: 'a_b' }],
    ['search "k\\s" (through the words)', { search: 'k\\s' }],
    ['search "ångström" in another case', { search: 'ÅNGSTRÖM' }],
    ['search "élan" decomposed (NFD)', { search: 'e\u0301lan' }],
    ['search across two fields', { search: 'sure tie' }],
    ['search with SOH', { search: 'x\u0001y' }],
    [
      'search "tie" with the deleted, page 2',
      { search: 'tie', withDeleted: true, page: 2, limit: 2 },
    ],
    ['search "tie" past the end', { search: 'tie', page: 9, limit: 2 }],
  ])('When listing %s, then both stores answer the same', async (_, query) => {
    // Act
    const [fromFile, fromPostgres] = await Promise.all(
      engines().map(([, engine]) => listOn(engine, query)),
    )

    // Assert
    expect(fromPostgres).toEqual(fromFile)
  })

  test('When a contact with user relationships is purged, then both stores drop them', async () => {
    // Arrange
    const [contact] = (await file.engine.exportData()).user_relationships
    if (!contact) throw new Error('the fixtures have user relationships')

    // Act
    const after = await Promise.all(
      engines().map(async ([, engine]) => {
        await engine.write((repos) => repos.contacts.purge(contact.org_id, contact.contact_id))
        const data = await engine.exportData()
        return {
          relationships: data.user_relationships.map((row) => row.id).sort(),
          contacts: data.contacts.length,
          list: await listOn(engine, { withDeleted: true }),
        }
      }),
    )

    // Assert
    expect(after[1]).toEqual(after[0])
    expect(after[0]?.relationships).not.toContain(contact.id)
  })

  test('When an org is purged, then both stores keep the same users and orgs', async () => {
    // Act
    const after = await Promise.all(
      engines().map(async ([, engine]) => {
        await engine.write((repos) => repos.orgs.purge(ACME_ORG_ID))
        const data = await engine.exportData()
        const alice = await engine.read((repos) => repos.users.byToken(ALICE.token))
        return { orgs: data.orgs, users: data.users, contacts: data.contacts.length, alice }
      }),
    )

    // Assert
    expect(after[1]).toEqual(after[0])
  })
})
