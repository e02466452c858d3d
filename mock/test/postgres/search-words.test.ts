// PostgreSQL finds most needles through the words of the search texts (migrations/002): the words
// must follow every write, a reset and a database made before them, and find exactly what the
// file store finds.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID } from '../../../fixtures/identities.ts'
import { createSeed } from '../../../fixtures/seed.ts'
import { closeAfterAll } from '../../../test-support/close-after-all.ts'
import type { StoredContact } from '../../shared/data.ts'
import { createContactRecord } from '../../handlers/contact-records.ts'
import { openStore, type OpenStore } from '../../store/memory/disk/open-store.ts'
import type { StorageEngine } from '../../store/repositories.ts'
import { createSearchText } from '../../store/memory/search-text.ts'
import { searchFieldsOf } from '../../../openapi/document.ts'
import { loadDocument } from '../../../openapi/document-files.ts'
import { insertData } from '../../store/postgres/load-data.ts'
import { applyMigrations, readMigrations } from '../../store/postgres/migrate.ts'
import { openPostgresStore, type OpenPostgres } from '../../store/postgres/open-postgres.ts'
import { searchesByWords } from '../../store/postgres/search-queries.ts'
import { sqlOf } from '../../store/postgres/sql.ts'
import { startCluster, type Cluster } from '../../../test-support/postgres/test-cluster.ts'
import { Pool } from 'pg'

// few syllables, so that words repeat across contacts and needles cross syllables
const SYLLABLES = ['mül', 'ler', 'an', 'na', 'son', 'ber', 'g', 'É', 'o', 'x-y']
const NOW = '2032-01-01T00:00:00.000Z'

const opened = closeAfterAll()
let cluster: Cluster
let dir: string

/** A repeatable pseudo-random sequence (a linear congruential generator). */
function randomOf(seed: number): (below: number) => number {
  let state = seed
  return (below) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state % below
  }
}

function nameOf(random: (below: number) => number): string {
  const length = 1 + random(3)
  return Array.from({ length }, () => SYLLABLES[random(SYLLABLES.length)]).join('')
}

function contactOf(index: number, random: (below: number) => number): StoredContact {
  return createContactRecord(
    {
      first_name: nameOf(random),
      last_name: `${nameOf(random)}${random(2) === 0 ? '' : `-${nameOf(random)}`}`,
      employer: `${nameOf(random)} ${nameOf(random)} and ${nameOf(random)}`,
      relationship_type: 1,
    },
    {
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      orgId: ACME_ORG_ID,
      now: NOW,
    },
  )
}

/** Creates, renames, soft deletes, restores and purges, the same on any store. */
async function changeContacts(engine: StorageEngine): Promise<string[]> {
  const random = randomOf(7)
  const contacts = Array.from({ length: 60 }, (_, index) => contactOf(index, random))
  const texts = contacts.map(
    (contact) => `${contact.first_name} ${contact.last_name ?? ''} ${contact.employer ?? ''}`,
  )
  await engine.write(async (repos) => {
    for (const contact of contacts) await repos.contacts.create(contact)
  })
  for (const [index, contact] of contacts.entries()) {
    const renamed = nameOf(random)
    texts.push(renamed)
    await engine.write(async (repos) => {
      if (index % 3 === 0)
        await repos.contacts.update(ACME_ORG_ID, contact.id, (c) => ({ ...c, last_name: renamed }))
      if (index % 4 === 1)
        await repos.contacts.update(ACME_ORG_ID, contact.id, (c) => ({ ...c, deleted_at: NOW }))
      if (index % 8 === 1)
        await repos.contacts.update(ACME_ORG_ID, contact.id, (c) => ({ ...c, deleted_at: null }))
      if (index % 5 === 2) await repos.contacts.purge(ACME_ORG_ID, contact.id)
    })
  }
  return texts
}

/** Every 1 to 5 character piece of the texts, and some pieces with a space in them. */
function needlesOf(texts: readonly string[]): string[] {
  const needles = new Set<string>()
  for (const text of texts) {
    for (let start = 0; start < text.length; start += 3) {
      for (let length = 1; length <= 5; length += 1) needles.add(text.slice(start, start + length))
    }
    needles.add(text.slice(2, 9))
  }
  return [...needles].filter((needle) => needle.trim() !== '')
}

/** Pages 1 to 3 of 4 contacts, by the needle's length: deeper pages come from each word's list. */
async function searchOn(engine: StorageEngine, search: string, withDeleted: boolean) {
  const page = 1 + (search.length % 3)
  const found = await engine.read((repos) =>
    repos.contacts.list({ orgId: ACME_ORG_ID, search, withDeleted, page, limit: 4 }),
  )
  return { page, ids: found.items.map((item) => item.id), count: found.count, first: found.first }
}

async function expectSameSearches(engines: StorageEngine[], needles: readonly string[]) {
  for (const needle of needles) {
    for (const withDeleted of [false, true]) {
      const [fromFile, fromPostgres] = await Promise.all(
        engines.map((engine) => searchOn(engine, needle, withDeleted)),
      )
      expect({ needle, withDeleted, ...fromPostgres }).toEqual({ needle, withDeleted, ...fromFile })
    }
  }
}

interface Engines {
  file: StorageEngine
  postgres: StorageEngine
  both: StorageEngine[]
}

async function openBoth(name: string, url?: string): Promise<Engines> {
  const file: OpenStore = opened.track(
    await openStore(join(dir, `${name}.json`), () => createSeed()),
    (it) => it.close(),
  )
  const postgres: OpenPostgres = opened.track(
    await openPostgresStore(url ?? (await cluster.createDatabase()), () => createSeed(), {
      poolSize: 2,
    }),
    (it) => it.close(),
  )
  return { file: file.engine, postgres: postgres.engine, both: [file.engine, postgres.engine] }
}

beforeAll(async () => {
  cluster = opened.track(await startCluster({ settings: { fsync: 'off' } }), (it) => {
    it.stop()
  })
  dir = opened.track(mkdtempSync(join(tmpdir(), 'search-words-')), (path) => {
    rmSync(path, { recursive: true, force: true })
  })
})

describe('Search on PostgreSQL through the words', () => {
  test('When contacts are created, renamed, soft deleted, restored and purged, then every needle finds what the file store finds', async () => {
    // Arrange
    const { file, postgres, both } = await openBoth('writes')
    const [texts] = await Promise.all([changeContacts(file), changeContacts(postgres)])
    const needles = needlesOf(texts)

    // Act, Assert
    expect(needles.filter(searchesByWords).length).toBeGreaterThan(150)
    await expectSameSearches(both, needles)
  })

  test('When the data is reset, then the words of the contacts it had find nothing', async () => {
    // Arrange
    const { file, postgres, both } = await openBoth('reset')
    const [texts] = await Promise.all([changeContacts(file), changeContacts(postgres)])

    // Act
    for (const engine of both) await engine.reset(createSeed())

    // Assert
    await expectSameSearches(both, needlesOf(texts).filter(searchesByWords))
    expect((await searchOn(postgres, 'mülle', true)).count).toBe(0)
  })

  test('When a database holds contacts from before the words, then starting upgrades it and search finds them', async () => {
    // Arrange: the seed and the changed contacts stored by the first migration alone
    const url = await cluster.createDatabase()
    const pool = new Pool({ connectionString: url, max: 1 })
    const sql = sqlOf(pool, 'write')
    const searchTextOf = createSearchText(searchFieldsOf(loadDocument()))
    const [first] = readMigrations()
    await applyMigrations(sql, first ? [first] : [])
    const random = randomOf(11)
    const contacts = Array.from({ length: 40 }, (_, index) => contactOf(index, random))
    const seed = createSeed()
    await insertData(sql, { ...seed, contacts: [...seed.contacts, ...contacts] }, searchTextOf)
    await pool.end()
    const texts = contacts.map((contact) => `${contact.first_name} ${contact.last_name ?? ''}`)

    // Act
    const { file, both } = await openBoth('upgrade', url)
    await file.write(async (repos) => {
      for (const contact of contacts) await repos.contacts.create(contact)
    })

    // Assert
    await expectSameSearches(both, needlesOf(texts).filter(searchesByWords))
  })
})
