import { describe, expect, test } from '@jest/globals'
import { createSeed } from '../../../../fixtures/seed.ts'
import { idOf, type Change } from '../change.ts'
import type { Data, StoredContact } from '../../../shared/data.ts'
import type { JournalEntry } from '../change.ts'
import type { Journal } from './journal.ts'
import { changesBeforeSnapshot, createPersistence, type PersistenceOptions } from './persistence.ts'

function createFakeJournal(delayMs = 5) {
  const appends: JournalEntry[][] = []
  let rotations = 0
  let failNext = false
  const journal: Journal = {
    async append(entries) {
      await new Promise((resolve) => setTimeout(resolve, delayMs))
      if (failNext) {
        failNext = false
        throw Object.assign(new Error('disk full'), { code: 'ENOSPC' })
      }
      appends.push(entries)
    },
    rotate() {
      rotations++
      return Promise.resolve(rotations)
    },
    dropRotated: () => Promise.resolve(),
    close: () => Promise.resolve(),
  }
  const failNextAppend = (): void => {
    failNext = true
  }
  return { journal, appends, rotations: () => rotations, failNextAppend }
}

/** Contacts in memory, changed the way the store changes them: note what is replaced, then apply. */
function createMemory() {
  const template = createSeed({ acmeContacts: 1, globexContacts: 0 }).contacts[0]
  if (!template) throw new Error('the seed has no contact')
  // contacts only: the records a snapshot waits for (an eighth of them) are the ones a test adds
  const data: Data = {
    ...createSeed({ acmeContacts: 0, globexContacts: 0 }),
    orgs: [],
    users: [],
    contacts: [],
  }
  const apply = (entry: JournalEntry): void => {
    data.contacts = data.contacts.filter((contact) => contact.id !== idOf(entry))
    if ('put' in entry) data.contacts.push(entry.put as StoredContact)
  }
  const put = (id: string, firstName = id): Change => {
    const entry: JournalEntry = {
      collection: 'contacts',
      put: { ...template, id, first_name: firstName },
    }
    const previous = data.contacts.find((contact) => contact.id === id)
    apply(entry)
    return { entry, id, collection: 'contacts', previous }
  }
  const names = (): string[] => data.contacts.map((contact) => contact.first_name).sort()
  return { data, apply, put, names }
}

function setUp(overrides: Partial<PersistenceOptions> = {}, delayMs = 5) {
  const fake = createFakeJournal(delayMs)
  const memory = createMemory()
  const saved: Data[] = []
  const persistence = createPersistence({
    journal: fake.journal,
    current: () => memory.data,
    records: () => memory.data.contacts.length,
    saveSnapshot: (data) => {
      saved.push(structuredClone(data))
      return Promise.resolve()
    },
    undo: (entries) => {
      for (const entry of entries) memory.apply(entry)
    },
    ...overrides,
  })
  return { fake, memory, saved, persistence }
}

describe('createPersistence (group commit)', () => {
  test('When 50 changes commit at once, then they share a few journal appends and all resolve', async () => {
    // Arrange
    const { fake, memory, persistence } = setUp()

    // Act
    await Promise.all(
      Array.from({ length: 50 }, (_, index) => {
        persistence.record(memory.put(String(index)))
        return persistence.commit()
      }),
    )

    // Assert
    expect(fake.appends.flat()).toHaveLength(50)
    expect(fake.appends.length).toBeLessThanOrEqual(2)
  })

  test('When a commit resolves, then every change recorded before it is in the journal', async () => {
    // Arrange
    const { fake, memory, persistence } = setUp()
    const a = memory.put('a')
    persistence.record(a)
    const first = persistence.commit()
    const b = memory.put('b')
    persistence.record(b)

    // Act
    await first
    await persistence.commit()

    // Assert
    expect(fake.appends.flat()).toEqual([a.entry, b.entry])
  })

  test('When the journal reaches snapshotEvery entries, then a snapshot is written and the journal set aside', async () => {
    // Arrange
    const { fake, memory, saved, persistence } = setUp({ snapshotEvery: 3 }, 0)

    // Act
    for (const id of ['a', 'b', 'c', 'd']) {
      persistence.record(memory.put(id))
      await persistence.commit()
    }

    // Assert
    expect(saved).toHaveLength(1)
    expect(fake.rotations()).toBe(1)
  })

  test('When the data holds more than eight times snapshotEvery records, then a snapshot waits for an eighth of them in changes', async () => {
    // Arrange
    const { memory, saved, persistence } = setUp({ snapshotEvery: 2 }, 0)
    for (let index = 0; index < 42; index++) memory.put(`loaded-${String(index)}`)
    const due = changesBeforeSnapshot(memory.data.contacts.length, 2)
    const commitOne = async (id: string): Promise<void> => {
      persistence.record(memory.put(id))
      await persistence.commit()
    }

    // Act
    for (let index = 1; index < due; index++) await commitOne(`new-${String(index)}`)
    const before = saved.length
    await commitOne('the-last-one')

    // Assert
    expect(due).toBe(6)
    expect(before).toBe(0)
    expect(saved).toHaveLength(1)
  })

  test('When an append fails, then that change and the ones made on top of it are taken back and rejected', async () => {
    // Arrange
    const { fake, memory, persistence } = setUp()
    persistence.record(memory.put('kept'))
    await persistence.commit()
    fake.failNextAppend()
    persistence.record(memory.put('kept', 'renamed'))
    const failed = persistence.commit()
    persistence.record(memory.put('on-top'))
    const onTop = persistence.commit()

    // Act
    const outcomes = await Promise.allSettled([failed, onTop])

    // Assert
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected'])
    expect(memory.names()).toEqual(['kept'])
    persistence.record(memory.put('after'))
    await expect(persistence.commit()).resolves.toBeUndefined()
    expect(fake.appends.flat().map(idOf)).toEqual(['kept', 'after'])
  })

  test('When a snapshot is taken while a change is still unsaved, then the snapshot leaves that change out', async () => {
    // Arrange
    const { memory, saved, persistence } = setUp({ snapshotEvery: 1 })
    persistence.record(memory.put('saved'))
    const first = persistence.commit()
    persistence.record(memory.put('saved', 'unsaved name'))
    persistence.record(memory.put('unsaved'))
    const second = persistence.commit()

    // Act
    await Promise.all([first, second])

    // Assert
    expect(saved[0]?.contacts.map((contact) => contact.first_name)).toEqual(['saved'])
  })

  test('When a snapshot is asked for after another one, then each is written, the second with the change made between', async () => {
    // Arrange
    const { memory, saved, persistence } = setUp()
    await persistence.snapshot()

    // Act
    persistence.record(memory.put('between'))
    await persistence.commit()
    await persistence.snapshot()

    // Assert
    expect(saved.map((data) => data.contacts.map((contact) => contact.first_name))).toEqual([
      [],
      ['between'],
    ])
  })

  test('When a snapshot is being written, then later commits do not wait for it', async () => {
    // Arrange: a snapshot that takes until the test lets it finish
    let finish = (): void => undefined
    const { memory, persistence } = setUp({
      snapshotEvery: 1,
      saveSnapshot: () => new Promise<void>((resolve) => (finish = resolve)),
    })
    persistence.record(memory.put('starts-the-snapshot'))
    await persistence.commit()

    // Act
    persistence.record(memory.put('during-the-snapshot'))
    const during = await Promise.race([
      persistence.commit().then(() => 'committed'),
      new Promise((resolve) => {
        setTimeout(() => {
          resolve('waited')
        }, 500)
      }),
    ])
    finish()

    // Assert
    expect(during).toBe('committed')
  })

  test('When the data is replaced, then it is saved before memory changes and the journal is set aside', async () => {
    // Arrange
    const { fake, memory, saved, persistence } = setUp()
    const replacement = createSeed({ acmeContacts: 2, globexContacts: 0 })
    let swapped = false

    // Act
    await persistence.replace(replacement, () => {
      expect(saved).toHaveLength(1)
      swapped = true
    })

    // Assert
    expect(swapped).toBe(true)
    expect(saved[0]?.contacts).toHaveLength(2)
    expect(fake.rotations()).toBe(1)
    expect(memory.names()).toEqual([])
  })

  test('When saving the replacement fails, then memory is not swapped and the reset is rejected', async () => {
    // Arrange
    const { persistence } = setUp({
      saveSnapshot: () => Promise.reject(Object.assign(new Error('full'), { code: 'ENOSPC' })),
    })
    let swapped = false

    // Act
    const replacing = persistence.replace(createSeed(), () => {
      swapped = true
    })

    // Assert: the store's error, as the disk's classifier makes it
    await expect(replacing).rejects.toMatchObject({ failure: 'full', reason: 'ENOSPC' })
    expect(swapped).toBe(false)
  })
})
