import { describe, expect, test } from '@jest/globals'
import { createSeed } from '../../../fixtures/seed.ts'
import type { Data, StoredContact } from '../../shared/data.ts'
import { createMemorySnapshots, createVolatileEngine } from './volatile.ts'

const searchText = (contact: StoredContact): string => contact.first_name.toLowerCase()
const small = (): Data => createSeed({ acmeContacts: 3, globexContacts: 1 })

describe('the memory engine kept in memory only', () => {
  test('When a write adds a record, then it is answered and exported, and the engine says where it is', async () => {
    // Arrange
    const engine = createVolatileEngine(small(), searchText)
    const org = { id: '33333333-3333-4333-8333-333333333333', name: 'Initech' }

    // Act
    await engine.write((repositories) => repositories.orgs.create(org))

    // Assert
    expect((await engine.exportData()).orgs).toContainEqual(org)
    expect((await engine.describe()).where).toBe('memory')
  })

  test('When the data is reset, then the new data replaces it', async () => {
    // Arrange
    const engine = createVolatileEngine(small(), searchText)
    const other = { ...small(), contacts: [] }

    // Act
    await engine.reset(other)

    // Assert
    expect((await engine.describe()).contacts).toBe(0)
  })
})

describe('named snapshots in memory', () => {
  test('When data is saved and its lists then change, then the snapshot keeps them as saved', async () => {
    // Arrange
    const snapshots = createMemorySnapshots(() => new Date('2030-01-01T00:00:00.000Z'))
    const data = small()
    const contacts = data.contacts.length

    // Act
    const info = await snapshots.save('first', data)
    data.contacts.pop()
    const loaded = await snapshots.load('first')

    // Assert
    expect(info).toEqual({
      name: 'first',
      saved_at: '2030-01-01T00:00:00.000Z',
      bytes: expect.any(Number) as unknown,
    })
    expect(info.bytes).toBe(new TextEncoder().encode(JSON.stringify(small())).length)
    expect(loaded?.contacts).toHaveLength(contacts)
    expect(loaded).not.toBe(await snapshots.load('first'))
  })

  test('When snapshots are listed and removed, then they are named in order and removed once', async () => {
    // Arrange
    const snapshots = createMemorySnapshots()
    await snapshots.save('b', small())
    await snapshots.save('a', small())

    // Act
    const names = (await snapshots.list()).map((info) => info.name)
    const removed = [await snapshots.remove('a'), await snapshots.remove('a')]

    // Assert
    expect(names).toEqual(['a', 'b'])
    expect(removed).toEqual([true, false])
    expect(await snapshots.load('a')).toBeUndefined()
  })
})
