import { describe, expect, test } from '@jest/globals'
import type { Data, Org } from '../../shared/data.ts'
import { StoreError, writeFailure } from '../store-error.ts'
import { changeOf, idOf, type Change, type JournalEntry } from './change.ts'
import { createGroupCommit, type CommitTarget } from './group-commit.ts'

const empty = (): Data => ({
  version: 1,
  orgs: [],
  users: [],
  relationship_types: [],
  contacts: [],
  user_relationships: [],
})

/** Orgs in memory, changed as the engine changes them: what is replaced noted, then applied. */
function createMemory() {
  let data = empty()
  const apply = (entry: JournalEntry): void => {
    data = { ...data, orgs: data.orgs.filter((org) => org.id !== idOf(entry)) }
    if ('put' in entry) data.orgs.push(entry.put as Org)
  }
  const put = (id: string): Change => {
    const entry: JournalEntry = { collection: 'orgs', put: { id, name: id } }
    const change = changeOf(
      entry,
      data.orgs.find((org) => org.id === id),
    )
    apply(entry)
    return change
  }
  const swapTo = (next: Data): void => {
    data = next
  }
  const hooks = {
    current: () => data,
    undo: (entries: JournalEntry[]) => {
      for (const entry of entries) apply(entry)
    },
  }
  return { hooks, put, swapTo, ids: () => data.orgs.map((org) => org.id) }
}

/** A target whose writes wait until the test lets each one finish, or fail. */
function createTarget() {
  const writes: { batch: readonly Change[]; finish: (error?: Error) => void }[] = []
  const steps: string[] = []
  const target: CommitTarget = {
    write: (batch) =>
      new Promise<void>((resolve, reject) => {
        const finish = (error?: Error): void => {
          if (error) reject(error)
          else resolve()
        }
        writes.push({ batch, finish })
      }),
    replace: () => {
      steps.push('replace')
      return Promise.resolve()
    },
    failure: writeFailure,
  }
  // a promise's continuations run before a timer's
  const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))
  return { target, writes, steps, settle }
}

describe('createGroupCommit', () => {
  test('When changes commit while a batch is on its way, then they share the next batch', async () => {
    // Arrange
    const memory = createMemory()
    const { target, writes, settle } = createTarget()
    const commits = createGroupCommit(memory.hooks, target)
    commits.record(memory.put('a'))
    const first = commits.commit()
    await settle()

    // Act
    commits.record(memory.put('b'))
    const second = commits.commit()
    commits.record(memory.put('c'))
    const third = commits.commit()
    writes[0]?.finish()
    await first
    await settle()
    writes[1]?.finish()
    await Promise.all([second, third])
    await settle()

    // Assert
    expect(writes.map(({ batch }) => batch.map((change) => change.id))).toEqual([['a'], ['b', 'c']])
    expect(commits.idle()).toBe(true)
  })

  test('When a batch fails, then its requests and those on top of it are rejected with the store error and memory takes them back', async () => {
    // Arrange
    const memory = createMemory()
    const { target, writes, settle } = createTarget()
    const commits = createGroupCommit(memory.hooks, target)
    commits.record(memory.put('failed'))
    const failed = commits.commit()
    await settle()
    commits.record(memory.put('on-top'))
    const onTop = commits.commit()

    // Act
    writes[0]?.finish(Object.assign(new Error('no room'), { code: 'ENOSPC' }))
    const outcomes = await Promise.allSettled([failed, onTop])

    // Assert
    for (const outcome of outcomes) {
      expect(outcome.status === 'rejected' && outcome.reason).toBeInstanceOf(StoreError)
      expect(outcome.status === 'rejected' && outcome.reason).toMatchObject({ failure: 'full' })
    }
    expect(memory.ids()).toEqual([])
    expect(writes).toHaveLength(1)
  })

  test('When a reset comes while a batch is on its way, then it waits for the batch, and a change made meanwhile is rejected as replaced', async () => {
    // Arrange
    const memory = createMemory()
    const { target, writes, steps, settle } = createTarget()
    const commits = createGroupCommit(memory.hooks, target)
    commits.record(memory.put('saved'))
    const saved = commits.commit()
    await settle()
    commits.record(memory.put('raced'))
    const raced = commits.commit()
    const next = { ...empty(), orgs: [{ id: 'reset', name: 'reset' }] }

    // Act
    const reset = commits.replace(next, () => {
      memory.swapTo(next)
    })
    await settle()
    const beforeTheBatch = [...steps]
    writes[0]?.finish()
    const outcomes = await Promise.allSettled([saved, raced, reset])

    // Assert
    expect(beforeTheBatch).toEqual([])
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
    ])
    await expect(raced).rejects.toThrow(/replaced while this change was being saved/)
    expect(memory.ids()).toEqual(['reset'])
    expect(commits.committed().orgs).toEqual(next.orgs)
  })
})
