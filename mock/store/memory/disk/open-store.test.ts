import { spawn } from 'node:child_process'
import {
  appendFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { createSeed } from '../../../../fixtures/seed.ts'
import type { Data, StoredContact } from '../../../shared/data.ts'
import { putEntry } from '../change.ts'
import type { MemoryEngine } from '../memory-engine.ts'
import { openJournal } from './journal.ts'
import { openStore } from './open-store.ts'
import { SnapshotFile } from './snapshot-file.ts'
import { StartupError } from '../../../shared/startup-error.ts'

let dir: string
let file: string
// Stores left open on purpose (a crash leaves no chance to close) are closed after each test.
const leftOpen: (() => Promise<void>)[] = []
const seed = () => createSeed({ acmeContacts: 5, globexContacts: 1 })

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'open-store-'))
  file = join(dir, 'db.json')
})
afterEach(async () => {
  for (const close of leftOpen.splice(0).reverse()) await close().catch(() => undefined)
  rmSync(dir, { recursive: true, force: true })
})

async function readDataFile(path: string): Promise<Data> {
  const data = await new SnapshotFile(path).read()
  if (!data) throw new Error(`no data file at ${path}`)
  return data
}

// The contacts the tests write, by name: a journal entry's id is a UUID like any record's.
const IDS = {
  kept: 'c0000000-0000-4000-8000-000000000001',
  journaled: 'c0000000-0000-4000-8000-000000000002',
  'before-crash': 'c0000000-0000-4000-8000-000000000003',
  torn: 'c0000000-0000-4000-8000-000000000004',
  good: 'c0000000-0000-4000-8000-000000000005',
  before: 'c0000000-0000-4000-8000-000000000006',
  after: 'c0000000-0000-4000-8000-000000000007',
  first: 'c0000000-0000-4000-8000-000000000008',
  second: 'c0000000-0000-4000-8000-000000000009',
  covered: 'c0000000-0000-4000-8000-00000000000a',
} as const
type Name = keyof typeof IDS

function newContact(name: Name, template: StoredContact): StoredContact {
  return {
    ...template,
    id: IDS[name],
    first_name: `Journal ${name}`,
    created_at: '2030-01-01T00:00:00.000Z',
  }
}

/** Creates a contact like the first of the data, with another id and name. */
async function create(engine: MemoryEngine, name: Name): Promise<void> {
  const [template] = (await engine.exportData()).contacts
  if (!template) throw new Error('the seed has no contact')
  await engine.write((repositories) => repositories.contacts.create(newContact(name, template)))
}

/** The contact of that name, as a request of its org would find it. */
async function find(engine: MemoryEngine, name: Name): Promise<StoredContact | undefined> {
  const orgId = seed().orgs[0]?.id ?? ''
  return engine.read((repositories) => repositories.contacts.find(orgId, IDS[name]))
}

/**
 * What a kill -9 leaves after one acknowledged create: the snapshot without it, its entry in the
 * journal (appended by the store's own journal, as a write is), a lock no live process holds.
 */
async function storeOneContact(name: Name): Promise<void> {
  await (await openStore(file, seed)).close()
  const template = seed().contacts[0]
  if (!template) throw new Error('the seed has no contact')
  const journal = await openJournal(`${file}.journal`)
  await journal.append([putEntry('contacts', newContact(name, template))])
  await journal.close()
}

describe('openStore', () => {
  test('When the file is absent, then it is created from the fixtures', async () => {
    // Act
    const { engine, close } = await openStore(file, seed)
    const inMemory = (await engine.exportData()).contacts
    await close()

    // Assert
    const onDisk = await readDataFile(file)
    expect(onDisk.contacts).toHaveLength(inMemory.length)
    expect(onDisk.contacts).toHaveLength(6)
  })

  test('When a store is closed and reopened, then an acknowledged write is there', async () => {
    // Arrange
    const first = await openStore(file, seed)
    await create(first.engine, 'kept')
    await first.close()

    // Act
    const second = await openStore(file, seed)

    // Assert
    expect((await find(second.engine, 'kept'))?.first_name).toBe('Journal kept')
    await second.close()
  })

  test('When a store is closed after no write, then the data file is not rewritten', async () => {
    // Arrange
    const first = await openStore(file, seed)
    await first.close()
    const before = statSync(file)

    // Act
    const second = await openStore(file, seed)
    await second.close()

    // Assert
    const after = statSync(file)
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs])
  })

  test('When the process stops without closing, then the journal is replayed on the next start', async () => {
    // Arrange: no close(), as after kill -9
    await storeOneContact('journaled')
    const snapshot = await readDataFile(file)
    expect(snapshot.contacts.some((c) => c.id === IDS.journaled)).toBe(false)

    // Act
    const reopened = await openStore(file, seed)

    // Assert
    expect(await find(reopened.engine, 'journaled')).toBeDefined()
    await reopened.close()
  })

  test('When the journal ends with a torn line, then it is dropped and earlier entries are kept', async () => {
    // Arrange
    await storeOneContact('before-crash')
    appendFileSync(`${file}.journal`, `{"collection":"contacts","put":{"id":"${IDS.torn}"`)

    // Act
    const reopened = await openStore(file, seed)

    // Assert
    expect(await find(reopened.engine, 'before-crash')).toBeDefined()
    expect(await find(reopened.engine, 'torn')).toBeUndefined()
    await reopened.close()
  })

  test('When the data file is not valid JSON, then the start is refused and the file is unchanged', async () => {
    // Arrange
    writeFileSync(file, '{"version": 1, "contacts": [')

    // Act
    const opening = openStore(file, seed)

    // Assert
    await expect(opening).rejects.toThrow(StartupError)
    await expect(opening).rejects.toThrow(/cannot be read.*not changed/s)
    expect(readFileSync(file, 'utf8')).toBe('{"version": 1, "contacts": [')
  })

  test('When the data file is JSON of another shape, then the start is refused and the file is unchanged', async () => {
    // Arrange
    writeFileSync(file, '{"posts": []}')

    // Act
    const opening = openStore(file, seed)

    // Assert
    await expect(opening).rejects.toThrow(/not a data file of this mock/)
    expect(readFileSync(file, 'utf8')).toBe('{"posts": []}')
  })

  test('When a journal line in the middle is damaged, then the start is refused and nothing is changed', async () => {
    // Arrange
    await storeOneContact('good')
    const journalPath = `${file}.journal`
    const damaged = `garbage\n${readFileSync(journalPath, 'utf8')}`
    writeFileSync(journalPath, damaged)

    // Act
    const opening = openStore(file, seed)

    // Assert
    await expect(opening).rejects.toThrow(/db\.json\.journal line 1 \(garbage\)/)
    expect(readFileSync(journalPath, 'utf8')).toBe(damaged)
  })

  test('When a damaged journal is opened with recover, then every intact entry is kept and the damaged file is kept aside', async () => {
    // Arrange: intact entries before and after a damaged middle line
    await storeOneContact('before')
    const journalPath = `${file}.journal`
    const [first = ''] = readFileSync(journalPath, 'utf8').split('\n')
    const after = first.replaceAll(IDS.before, IDS.after)
    const damaged = `${first}\n{"collection":"contacts","put":{"id":"half"\n${after}\n`
    writeFileSync(journalPath, damaged)
    const refused = openStore(file, seed)
    await expect(refused).rejects.toThrow(
      /db\.json\.journal line 2 .*--recover to keep its 2 intact entries/s,
    )

    // Act
    const recovered = await openStore(file, seed, { recover: true })
    leftOpen.push(recovered.close)

    // Assert
    expect(await find(recovered.engine, 'before')).toBeDefined()
    expect(await find(recovered.engine, 'after')).toBeDefined()
    expect(recovered.notes.join('\n')).toMatch(
      /kept 2 entries, dropped 1 damaged:\s+\S+db\.json\.journal line 2/,
    )
    const aside = readdirSync(dir).filter((name) => name.startsWith('db.json.journal.damaged-'))
    expect(aside).toHaveLength(1)
    expect(readFileSync(join(dir, aside[0] ?? ''), 'utf8')).toBe(damaged)
    expect(readFileSync(journalPath, 'utf8')).toBe('')
  })

  test('When a snapshot was begun but not finished, then the journals set aside are replayed in order', async () => {
    // Arrange: what a kill leaves while a snapshot is written: a journal set aside, and a new one
    await storeOneContact('first')
    const journalPath = `${file}.journal`
    const first = readFileSync(journalPath, 'utf8')
    const covered = (await new SnapshotFile(file).readStored())?.journal ?? 0
    writeFileSync(`${journalPath}.${String(covered + 1)}`, first)
    writeFileSync(journalPath, first.replaceAll(IDS.first, IDS.second))

    // Act
    const reopened = await openStore(file, seed)
    leftOpen.push(reopened.close)

    // Assert
    expect(await find(reopened.engine, 'first')).toBeDefined()
    expect(await find(reopened.engine, 'second')).toBeDefined()
  })

  test('When a journal set aside is older than the snapshot, then it is not replayed', async () => {
    // Arrange: a finished snapshot covering generation 1, and its journal not yet removed
    await storeOneContact('kept')
    const journalPath = `${file}.journal`
    const line = readFileSync(journalPath, 'utf8').replaceAll(IDS.kept, IDS.covered)
    writeFileSync(journalPath, '')
    const snapshot = await new SnapshotFile(file).readStored()
    if (!snapshot) throw new Error('the store wrote no data file')
    const covered = snapshot.journal + 1
    await new SnapshotFile(file).write(snapshot.data, covered)
    writeFileSync(`${journalPath}.${String(covered)}`, line)

    // Act
    const reopened = await openStore(file, seed)
    leftOpen.push(reopened.close)

    // Assert
    expect(await find(reopened.engine, 'covered')).toBeUndefined()
  })

  test('When another live process holds the data file, then the start is refused with its pid', async () => {
    // Arrange
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'])
    const pid = other.pid ?? 0
    writeFileSync(`${file}.lock`, String(pid))

    try {
      // Act
      const opening = openStore(file, seed)

      // Assert
      await expect(opening).rejects.toThrow(`in use by another mock (pid ${String(pid)})`)
    } finally {
      other.kill()
    }
  })

  test('When the lock was left by a dead process, then it is taken over', async () => {
    // Arrange
    const dead = spawn(process.execPath, ['-e', ''])
    await new Promise((resolve) => dead.on('exit', resolve))
    writeFileSync(`${file}.lock`, String(dead.pid ?? 0))

    // Act
    const { engine, close } = await openStore(file, seed)

    // Assert
    expect((await engine.exportData()).contacts).toHaveLength(6)
    await close()
  })
})
