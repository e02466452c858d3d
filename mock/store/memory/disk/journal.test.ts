import {
  constants,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { openJournal, readJournal } from './journal.ts'
import type { JournalEntry } from '../change.ts'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** The open flags of this process's descriptor for `path` (Linux: /proc/self/fdinfo). */
function openFlagsOf(path: string): number {
  const fd = readdirSync('/proc/self/fd').find((name) => {
    try {
      return readlinkSync(`/proc/self/fd/${name}`) === path
    } catch {
      return false
    }
  })
  if (fd === undefined) throw new Error(`${path} is not open`)
  const flags = /flags:\s*([0-7]+)/.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))?.[1]
  return parseInt(flags ?? '0', 8)
}

describe('openJournal', () => {
  // A kill -9 keeps the page cache, so no crash test can tell a synced append from an unsynced
  // one: the flag that makes each append durable is checked where the kernel reports it.
  test.each(['opened', 'rotated'])(
    'When the journal is %s, then its file is written O_DSYNC and O_APPEND',
    async (when) => {
      // Arrange
      const path = join(dir, 'db.json.journal')
      const journal = await openJournal(path)

      // Act
      if (when === 'rotated') await journal.rotate()
      const flags = openFlagsOf(path)
      await journal.close()

      // Assert
      expect(flags & constants.O_DSYNC).toBe(constants.O_DSYNC)
      expect(flags & constants.O_APPEND).toBe(constants.O_APPEND)
    },
  )

  test('When setting the journal aside fails, then it still takes appends, and a later rotation sets them aside', async () => {
    // Arrange: a folder where the journal set aside would go fails the rename, for root too
    const path = join(dir, 'db.json.journal')
    const journal = await openJournal(path)
    const entry = (id: string): JournalEntry => ({ collection: 'orgs', put: { id, name: id } })
    await journal.append([entry('before')])
    mkdirSync(`${path}.1`)
    writeFileSync(join(`${path}.1`, 'in-the-way'), '')

    // Act
    const failed = await journal.rotate().then(
      () => 'rotated',
      (error: unknown) => (error as NodeJS.ErrnoException).code,
    )
    await journal.append([entry('during')])
    rmSync(`${path}.1`, { recursive: true })
    const generation = await journal.rotate()
    await journal.append([entry('after')])
    await journal.close()

    // Assert
    expect(failed).not.toBe('rotated')
    const ids = (covered: number): string[] =>
      readJournal(path, covered).entries.map(({ entry: e }) => ('put' in e ? e.put.id : e.remove))
    expect(generation).toBe(1)
    expect(ids(0)).toEqual(['before', 'during', 'after'])
    expect(ids(1)).toEqual(['after'])
  })
})
