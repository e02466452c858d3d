import { copyFileSync, mkdirSync, rmSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { Low } from 'lowdb'
import { JSONFile } from 'lowdb/node'
import type { Data } from './data.ts'
import { acquireLock } from './file-lock.ts'
import { toCommitError } from './commit-error.ts'
import { openJournal, readJournal, type DamagedLine, type JournalContents } from './journal.ts'
import { createPersistence } from './persistence.ts'
import { StartupError } from './startup-error.ts'
import { createStore, type Store } from './store.ts'

const COLLECTIONS = ['orgs', 'users', 'relationship_types', 'contacts', 'user_relationships']

function isData(value: unknown): value is Data {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return record['version'] === 1 && COLLECTIONS.every((name) => Array.isArray(record[name]))
}

/** lowdb's rename is atomic but not flushed; the journal is emptied only after this. */
async function flushToDisk(path: string): Promise<void> {
  const handle = await open(path, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

async function readSnapshot(file: string, adapter: JSONFile<Data>): Promise<Data | null> {
  let stored: unknown
  try {
    stored = await adapter.read()
  } catch (error) {
    throw new StartupError(
      `The data file ${file} cannot be read (${(error as Error).message}). ` +
        'It was not changed: repair it, or start with another --db file.',
      { cause: error },
    )
  }
  if (stored !== null && !isData(stored)) {
    throw new StartupError(
      `The data file ${file} is not a data file of this mock (version 1 with ${COLLECTIONS.join(', ')}). ` +
        'It was not changed: start with another --db file.',
    )
  }
  return stored
}

export interface OpenStore {
  store: Store
  close: () => Promise<void>
  /** What the start had to say (for example, what `recover` dropped from a damaged journal). */
  notes: string[]
}

export interface OpenStoreOptions {
  snapshotEvery?: number
  /** Keep every intact entry of a damaged journal and keep the damaged file aside. */
  recover?: boolean
  onSnapshotError?: (error: unknown) => void
  /** Opens the journal (tests wrap the real one to make its writes fail). */
  openJournal?: typeof openJournal
}

async function saveSnapshot(file: string, adapter: JSONFile<Data>, data: Data): Promise<void> {
  try {
    await adapter.write(data)
  } catch (error) {
    // a half-written temporary file would only take the room a later try needs
    rmSync(join(dirname(file), `.${basename(file)}.tmp`), { force: true })
    throw error
  }
  await flushToDisk(file)
  await flushToDisk(dirname(file))
}

const preview = ({ line, text }: DamagedLine): string =>
  `line ${String(line)} (${text.length > 60 ? `${text.slice(0, 60)}…` : text})`

/** Refuses a damaged journal, or with `recover` keeps a copy of it aside and says what is dropped. */
async function handleDamage(
  path: string,
  journal: JournalContents,
  recover: boolean,
): Promise<string[]> {
  const { entries, damaged } = journal
  if (damaged.length === 0) return []
  const lines = damaged.map(preview).join(', ')
  if (!recover) {
    throw new StartupError(
      `The journal ${path} is damaged at ${lines}; it was not changed. ` +
        `Start again with --recover to keep its ${String(entries.length)} intact entries ` +
        'and keep the damaged file aside.',
    )
  }
  const aside = `${path}.damaged-${new Date().toISOString().replace(/[:.]/g, '-')}`
  copyFileSync(path, aside)
  await flushToDisk(aside)
  return [
    `Recovered the journal ${path}: kept ${String(entries.length)} entries, ` +
      `dropped ${String(damaged.length)} damaged: ${lines}. The damaged file is kept as ${aside}.`,
  ]
}

/**
 * The data file is a lowdb JSONFile snapshot plus a journal (`<file>.journal`) of the changes made
 * since. A write is acknowledged once its journal line is on disk; the snapshot is rewritten now
 * and then, so a write costs the same on a small file and a large one.
 */
export async function openStore(
  file: string,
  createData: () => Data,
  options: OpenStoreOptions = {},
): Promise<OpenStore> {
  mkdirSync(dirname(file), { recursive: true })
  const release = acquireLock(file)
  try {
    const adapter = new JSONFile<Data>(file)
    const stored = await readSnapshot(file, adapter)
    const journalPath = `${file}.journal`
    const replay = stored ? readJournal(journalPath) : { entries: [], damaged: [] }
    const notes = await handleDamage(journalPath, replay, options.recover ?? false)
    const low = new Low<Data>(adapter, stored ?? createData())
    const journal = await (options.openJournal ?? openJournal)(journalPath)
    const persistence = createPersistence({
      journal,
      snapshotEvery: options.snapshotEvery,
      onSnapshotError: options.onSnapshotError,
      toCommitError,
      current: () => low.data,
      saveSnapshot: (data) => saveSnapshot(file, adapter, data),
      undo: (entries) => {
        for (const entry of entries) store.apply(entry)
      },
    })
    const store = createStore(low, persistence)
    for (const entry of replay.entries) store.apply(entry)
    if (!stored || replay.entries.length + replay.damaged.length > 0) await persistence.snapshot()
    return {
      store,
      notes,
      async close() {
        // leave a self-contained snapshot behind for whoever opens the file next
        await persistence.snapshot()
        await journal.close()
        release()
      },
    }
  } catch (error) {
    release()
    throw error
  }
}
