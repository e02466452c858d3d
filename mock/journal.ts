import { existsSync, readFileSync, truncateSync } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'
import type { StoredContact, StoredUserRelationship } from './data.ts'
import { StartupError } from './startup-error.ts'

export type JournalEntry =
  | { collection: 'contacts'; put: StoredContact }
  | { collection: 'user_relationships'; put: StoredUserRelationship }
  | { collection: 'contacts' | 'user_relationships'; remove: string }

/**
 * Reads the journal written since the last snapshot. A last line without its newline is a write
 * that a crash cut short: it was never acknowledged, so it is dropped and cut off the file.
 */
export function readJournal(path: string): JournalEntry[] {
  if (!existsSync(path)) return []
  const text = readFileSync(path, 'utf8')
  const complete = text.slice(0, text.lastIndexOf('\n') + 1)
  const entries = complete
    .split('\n')
    .filter((line) => line !== '')
    .map((line, index) => {
      try {
        return JSON.parse(line) as JournalEntry
      } catch (error) {
        throw new StartupError(
          `The journal ${path} is damaged at line ${String(index + 1)}; it was not changed. ` +
            'Move it away to start from the last snapshot.',
          { cause: error },
        )
      }
    })
  if (complete.length !== text.length) truncateSync(path, Buffer.byteLength(complete))
  return entries
}

export interface Journal {
  /** Appends entries and returns once they are on the disk (fdatasync). */
  append: (entries: JournalEntry[]) => Promise<void>
  clear: () => Promise<void>
  close: () => Promise<void>
}

export async function openJournal(path: string): Promise<Journal> {
  const handle: FileHandle = await open(path, 'a')
  return {
    async append(entries) {
      await handle.write(entries.map((entry) => JSON.stringify(entry) + '\n').join(''))
      await handle.datasync()
    },
    async clear() {
      await handle.truncate(0)
      await handle.datasync()
    },
    close: () => handle.close(),
  }
}
