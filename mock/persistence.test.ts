import { describe, expect, test } from '@jest/globals'
import type { Journal, JournalEntry } from './journal.ts'
import { createPersistence } from './persistence.ts'

function createFakeJournal(delayMs = 5) {
  const appends: JournalEntry[][] = []
  let clears = 0
  let failNext = false
  const journal: Journal = {
    async append(entries) {
      await new Promise((resolve) => setTimeout(resolve, delayMs))
      if (failNext) {
        failNext = false
        throw new Error('disk full')
      }
      appends.push(entries)
    },
    clear() {
      clears++
      return Promise.resolve()
    },
    close: () => Promise.resolve(),
  }
  return {
    journal,
    appends,
    clears: () => clears,
    failNextAppend: () => {
      failNext = true
    },
  }
}

const entry = (id: string): JournalEntry => ({ collection: 'contacts', remove: id })

describe('createPersistence (group commit)', () => {
  test('When 50 changes commit at once, then they share a few journal appends and all resolve', async () => {
    // Arrange
    const fake = createFakeJournal()
    const persistence = createPersistence({
      journal: fake.journal,
      writeSnapshot: () => Promise.resolve(),
    })

    // Act
    await Promise.all(
      Array.from({ length: 50 }, (_, index) => {
        persistence.record(entry(String(index)))
        return persistence.commit()
      }),
    )

    // Assert
    expect(fake.appends.flat()).toHaveLength(50)
    expect(fake.appends.length).toBeLessThanOrEqual(2)
  })

  test('When a commit resolves, then every change recorded before it is in the journal', async () => {
    // Arrange
    const fake = createFakeJournal()
    const persistence = createPersistence({
      journal: fake.journal,
      writeSnapshot: () => Promise.resolve(),
    })
    persistence.record(entry('a'))
    const first = persistence.commit()
    persistence.record(entry('b'))

    // Act
    await first
    await persistence.commit()

    // Assert
    expect(fake.appends.flat()).toEqual([entry('a'), entry('b')])
  })

  test('When the journal reaches snapshotEvery entries, then a snapshot is written and the journal emptied', async () => {
    // Arrange
    const fake = createFakeJournal(0)
    let snapshots = 0
    const persistence = createPersistence({
      journal: fake.journal,
      snapshotEvery: 3,
      writeSnapshot: () => {
        snapshots++
        return Promise.resolve()
      },
    })

    // Act
    for (const id of ['a', 'b', 'c', 'd']) {
      persistence.record(entry(id))
      await persistence.commit()
    }

    // Assert
    expect(snapshots).toBe(1)
    expect(fake.clears()).toBe(1)
  })

  test('When an append fails, then its commit rejects and the next commit writes a full snapshot', async () => {
    // Arrange
    const fake = createFakeJournal(0)
    let snapshots = 0
    const persistence = createPersistence({
      journal: fake.journal,
      writeSnapshot: () => {
        snapshots++
        return Promise.resolve()
      },
    })
    fake.failNextAppend()
    persistence.record(entry('lost'))

    // Act
    const failed = persistence.commit()
    await expect(failed).rejects.toThrow('disk full')
    persistence.record(entry('next'))
    await persistence.commit()

    // Assert
    expect(snapshots).toBe(1)
    expect(fake.clears()).toBe(1)
  })
})
