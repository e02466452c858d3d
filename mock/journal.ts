import { existsSync, readFileSync, truncateSync } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'
import type { StoredContact, StoredUserRelationship } from './data.ts'

export type JournalEntry =
  | { collection: 'contacts'; put: StoredContact }
  | { collection: 'user_relationships'; put: StoredUserRelationship }
  | { collection: 'contacts' | 'user_relationships'; remove: string }

/** A complete line of the journal that is not an entry: damage by hand or by an older version. */
export interface DamagedLine {
  line: number
  text: string
}

export interface JournalContents {
  entries: JournalEntry[]
  damaged: DamagedLine[]
}

function isEntry(value: unknown): value is JournalEntry {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Record<string, unknown>
  if (entry['collection'] !== 'contacts' && entry['collection'] !== 'user_relationships') {
    return false
  }
  if (typeof entry['remove'] === 'string') return true
  const put = entry['put'] as Record<string, unknown> | null | undefined
  return typeof put === 'object' && put !== null && typeof put['id'] === 'string'
}

function parseLine(line: string): JournalEntry | undefined {
  try {
    const value: unknown = JSON.parse(line)
    return isEntry(value) ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * Reads the journal written since the last snapshot. A last line without its newline is a write
 * that a crash cut short: it was never acknowledged, so it is dropped and cut off the file.
 * Complete lines that are not entries are reported, never skipped silently.
 */
export function readJournal(path: string): JournalContents {
  if (!existsSync(path)) return { entries: [], damaged: [] }
  const text = readFileSync(path, 'utf8')
  const complete = text.slice(0, text.lastIndexOf('\n') + 1)
  const entries: JournalEntry[] = []
  const damaged: DamagedLine[] = []
  for (const [index, line] of complete.split('\n').entries()) {
    if (line === '') continue
    const entry = parseLine(line)
    if (entry) entries.push(entry)
    else damaged.push({ line: index + 1, text: line })
  }
  if (complete.length !== text.length) truncateSync(path, Buffer.byteLength(complete))
  return { entries, damaged }
}

export interface Journal {
  /**
   * Appends entries and returns once all their bytes are on the disk (fdatasync). On any error
   * the file is cut back to its last complete entry, so a later write never glues onto a torn line.
   */
  append: (entries: JournalEntry[]) => Promise<void>
  clear: () => Promise<void>
  close: () => Promise<void>
}

/** Node reports a full disk as a short write, not as an error, until nothing fits at all. */
function nothingWritten(): NodeJS.ErrnoException {
  return Object.assign(new Error('no byte of the journal entry could be written'), {
    code: 'ENOSPC',
  })
}

export async function openJournal(path: string): Promise<Journal> {
  const handle: FileHandle = await open(path, 'a')
  // The length up to the last complete entry: what a failed append is cut back to.
  let size = (await handle.stat()).size
  let torn = false

  async function cutBack(): Promise<void> {
    await handle.truncate(size)
    await handle.datasync()
    torn = false
  }

  return {
    async append(entries) {
      if (torn) await cutBack()
      const data = Buffer.from(entries.map((entry) => JSON.stringify(entry) + '\n').join(''))
      try {
        for (let written = 0; written < data.length;) {
          const { bytesWritten } = await handle.write(data, written, data.length - written)
          if (bytesWritten === 0) throw nothingWritten()
          written += bytesWritten
        }
        await handle.datasync()
        size += data.length
      } catch (error) {
        torn = true
        // If even the cut fails, the next append tries again before it writes.
        await cutBack().catch(() => undefined)
        throw error
      }
    },
    async clear() {
      await handle.truncate(0)
      await handle.datasync()
      size = 0
      torn = false
    },
    close: () => handle.close(),
  }
}
