import { constants, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { openJournal } from './journal.ts'

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
})
