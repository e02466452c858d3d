import { mkdirSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { dirname } from 'node:path'
import { Low } from 'lowdb'
import { JSONFile } from 'lowdb/node'
import type { Data } from './data.ts'
import { acquireLock } from './file-lock.ts'
import { openJournal, readJournal } from './journal.ts'
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
  /** Keep every intact entry of a damaged journal and move the damaged file aside. */
  recover?: boolean
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
    const replay = stored ? readJournal(journalPath) : []
    const low = new Low<Data>(adapter, stored ?? createData())
    const journal = await openJournal(journalPath)
    const persistence = createPersistence({
      journal,
      snapshotEvery: options.snapshotEvery,
      async writeSnapshot() {
        await low.write()
        await flushToDisk(file)
        await flushToDisk(dirname(file))
      },
    })
    const store = createStore(low, persistence)
    for (const entry of replay) store.apply(entry)
    if (!stored || replay.length > 0) await persistence.snapshot()
    return {
      store,
      notes: [],
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
