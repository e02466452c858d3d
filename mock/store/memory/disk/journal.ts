import { constants, existsSync, readdirSync, readFileSync, truncateSync } from 'node:fs'
import { open, rename, rm, type FileHandle } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import { COLLECTIONS, type Collection } from '../../../shared/data.ts'
import type { JournalEntry } from '../change.ts'
import { keptJsonOf } from '../record-json.ts'
import { flushToDisk, writeAll } from './durable-writes.ts'

/** An entry as a journal line; the record's text is kept for the snapshots to come. */
const lineOf = (entry: JournalEntry): string =>
  'put' in entry
    ? `{"collection":"${entry.collection}","put":${keptJsonOf(entry.put)}}\n`
    : JSON.stringify(entry) + '\n'

/** Where a line of the journal is: its file (the journal in use or one set aside), from 1. */
export interface JournalLine {
  file: string
  line: number
}

/**
 * A complete line of the journal that is not an entry (damage by hand or by an older version), or
 * an entry that breaks a rule of the data (`problems`, each naming the line and the JSON path).
 */
export interface DamagedLine extends JournalLine {
  text: string
  problems?: string[]
}

/** An entry as read, and where it is. */
export interface ReadEntry extends JournalLine {
  entry: JournalEntry
}

export interface JournalContents {
  entries: ReadEntry[]
  damaged: DamagedLine[]
}

function isEntry(value: unknown): value is JournalEntry {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Record<string, unknown>
  if (!COLLECTIONS.includes(entry['collection'] as Collection)) return false
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

/** A journal set aside when a snapshot began: `<journal>.<generation>`. */
const rotatedPath = (path: string, generation: number): string => `${path}.${String(generation)}`

/** The generations of the journals set aside and not yet covered by a finished snapshot. */
function rotatedGenerations(path: string): number[] {
  const prefix = `${basename(path)}.`
  return readdirSync(dirname(path))
    .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
    .map((name) => Number(name.slice(prefix.length)))
    .sort((a, b) => a - b)
}

function readOne(path: string, contents: JournalContents): void {
  if (!existsSync(path)) return
  const text = readFileSync(path, 'utf8')
  const complete = text.slice(0, text.lastIndexOf('\n') + 1)
  for (const [index, line] of complete.split('\n').entries()) {
    if (line === '') continue
    const entry = parseLine(line)
    if (entry) contents.entries.push({ entry, file: path, line: index + 1 })
    else contents.damaged.push({ file: path, line: index + 1, text: line })
  }
  // A last line without its newline is a write a crash cut short: never acknowledged.
  if (complete.length !== text.length) truncateSync(path, Buffer.byteLength(complete))
}

/**
 * Reads every change the snapshot does not hold: the journals set aside after the generation it
 * covers (oldest first), then the journal in use. Complete lines that are not entries are reported,
 * never skipped silently.
 */
export function readJournal(path: string, coveredUpTo = 0): JournalContents {
  const contents: JournalContents = { entries: [], damaged: [] }
  for (const generation of rotatedGenerations(path).filter((g) => g > coveredUpTo)) {
    readOne(rotatedPath(path, generation), contents)
  }
  readOne(path, contents)
  return contents
}

/** Every file of the journal, for keeping a copy aside. */
export const journalFiles = (path: string): string[] => [
  ...rotatedGenerations(path).map((generation) => rotatedPath(path, generation)),
  ...(existsSync(path) ? [path] : []),
]

export interface Journal {
  /**
   * Appends entries and returns once all their bytes are on the disk (O_DSYNC). On any error
   * the file is cut back to its last complete entry, so a later write never glues onto a torn line.
   */
  append: (entries: JournalEntry[]) => Promise<void>
  /**
   * Sets the journal in use aside as a new generation and starts an empty one: the changes from
   * now on go to a journal that a snapshot being written does not need.
   */
  rotate: () => Promise<number>
  /** Removes the journals set aside up to `generation`: a finished snapshot holds their changes. */
  dropRotated: (generation: number) => Promise<void>
  close: () => Promise<void>
}

// Each write is on the disk when it returns (O_DSYNC): one trip to libuv's thread pool instead of
// a write and an fdatasync. Windows has no O_DSYNC: there the write is followed by a datasync.
const O_DSYNC = constants.O_DSYNC as number | undefined
const APPEND_DURABLY = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (O_DSYNC ?? 0)

/**
 * Opens the journal in use. `coveredUpTo` is the generation the snapshot on disk holds: the next
 * journal set aside is numbered after it and after every one already aside, so that a snapshot
 * that fails after the rotation leaves a journal the next start replays (numbered from 1 again,
 * it would pass for one the old snapshot already holds, and be skipped).
 */
export async function openJournal(path: string, coveredUpTo = 0): Promise<Journal> {
  // undefined while the file is set aside and its successor not yet open: the next call opens it
  let handle: FileHandle | undefined = await open(path, APPEND_DURABLY)
  // The length up to the last complete entry: what a failed append is cut back to.
  let size = (await handle.stat()).size
  let torn = false
  let generation = Math.max(rotatedGenerations(path).at(-1) ?? 0, coveredUpTo)
  let closed = false

  /** The journal in use, opened again if a rotation that failed left it closed. */
  async function opened(): Promise<FileHandle> {
    if (closed) throw new Error(`the journal ${path} is closed`)
    if (handle === undefined) {
      const reopened = await open(path, APPEND_DURABLY)
      size = (await reopened.stat()).size
      torn = false
      handle = reopened
    }
    return handle
  }

  async function cutBack(): Promise<void> {
    const file = await opened()
    await file.truncate(size)
    await file.datasync()
    torn = false
  }

  async function dropRotated(upTo: number): Promise<void> {
    for (const old of rotatedGenerations(path).filter((g) => g <= upTo)) {
      await rm(rotatedPath(path, old), { force: true })
    }
  }

  return {
    async append(entries) {
      if (torn) await cutBack()
      const file = await opened()
      const data = Buffer.from(entries.map(lineOf).join(''))
      try {
        await writeAll(file, data)
        if (O_DSYNC === undefined) await file.datasync()
        size += data.length
      } catch (error) {
        torn = true
        // If even the cut fails, the next append tries again before it writes.
        await cutBack().catch(() => undefined)
        throw error
      }
    },
    async rotate() {
      if (torn) await cutBack()
      const next = generation + 1
      // closed before the rename (Windows renames no open file); whatever fails from here on, the
      // next append opens the journal in use again, so a full or read-only disk fails this
      // rotation and no write after the disk allows it again
      const closing = handle
      handle = undefined
      await closing?.close()
      await rename(path, rotatedPath(path, next))
      generation = next
      await opened()
      await flushToDisk(dirname(path))
      return generation
    },
    dropRotated,
    close: async () => {
      closed = true
      const closing = handle
      handle = undefined
      await closing?.close()
    },
  }
}
