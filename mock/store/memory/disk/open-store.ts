import { searchFieldsOf, type OpenApiDocument } from '../../../../openapi/document.ts'
import { loadDocument } from '../../../../openapi/document-files.ts'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Data } from '../../../shared/data.ts'
import { codeOf } from '../../store-error.ts'
import { acquireLock } from './file-lock.ts'
import { checkDataFile, RECORD_COLLECTIONS } from './check-data-file.ts'
import { handleJournalDamage } from './journal-damage.ts'
import { openJournal, readJournal } from './journal.ts'
import { createPersistence } from './persistence.ts'
import { createNamedSnapshots } from './named-snapshots.ts'
import { realPathOf } from './real-path.ts'
import { SnapshotFile, type StoredSnapshot } from './snapshot-file.ts'
import { StartupError } from '../../../shared/startup-error.ts'
import { createMemoryEngine, type MemoryEngine } from '../memory-engine.ts'
import { createSearchText } from '../search-text.ts'
import type { OpenEngine } from '../../open-engine.ts'

function isData(value: unknown): value is Data {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return record['version'] === 1 && RECORD_COLLECTIONS.every((name) => Array.isArray(record[name]))
}

async function readSnapshot(file: string, adapter: SnapshotFile): Promise<StoredSnapshot | null> {
  let stored: StoredSnapshot | null
  try {
    stored = await adapter.readStored()
  } catch (error) {
    throw new StartupError(
      `The data file ${file} cannot be read (${(error as Error).message}). ` +
        'It was not changed: repair it, or start with another --db file.',
      { cause: error },
    )
  }
  if (stored !== null && !isData(stored.data)) {
    throw new StartupError(
      `The data file ${file} is not a data file of this mock (version 1 with ${RECORD_COLLECTIONS.join(', ')}). ` +
        'It was not changed: start with another --db file.',
    )
  }
  return stored
}

/** A stop whose snapshot failed; nothing acknowledged is lost, the journals still hold it. */
export class StoreCloseError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options)
    this.name = 'StoreCloseError'
  }
}

const snapshotFailure = (file: string, error: unknown): string => {
  const reason = codeOf(error) ?? (error instanceof Error ? error.message : String(error))
  return (
    `The snapshot of ${file} could not be written (${reason}). Every acknowledged write is ` +
    `kept in ${file}.journal*, which the next start replays.`
  )
}

export type OpenStore = OpenEngine<MemoryEngine>

export interface OpenStoreOptions {
  snapshotEvery?: number
  /** Keep every intact entry of a damaged journal and keep the damaged file aside. */
  recover?: boolean
  onSnapshotError?: (error: unknown) => void
  /** Opens the journal (tests wrap the real one to make its writes fail). */
  openJournal?: typeof openJournal
  /** Where the searched fields are read from (`x-search-fields`); the bundled document if unset. */
  document?: OpenApiDocument
  /** Where named snapshots are kept: beside the data file (`<file>.snapshots`) unless told. */
  snapshotsDir?: string
  /** How long a login token lasts; undefined for no expiry. */
  tokenTtlMs?: number | undefined
}

/**
 * The data file is a snapshot (one line per record) plus a journal (`<file>.journal`) of the
 * changes made since. A write is acknowledged once its journal line is on disk; the snapshot is
 * rewritten now and then in the background, so a write costs the same on a small file and a large
 * one.
 */
export async function openStore(
  file: string,
  createData: () => Data | Promise<Data>,
  options: OpenStoreOptions = {},
): Promise<OpenStore> {
  // Every file of the data goes by the real path: through a symlink, the file it names is
  // written (its snapshot renamed into place beside it), and the link stays.
  const real = realPathOf(file)
  mkdirSync(dirname(real), { recursive: true })
  const release = acquireLock(file)
  try {
    const document = options.document ?? loadDocument()
    const adapter = new SnapshotFile(real)
    const stored = await readSnapshot(file, adapter)
    const journalPath = `${real}.journal`
    const replay = stored
      ? checkDataFile(file, stored, readJournal(journalPath, stored.journal), {
          document,
          recover: options.recover ?? false,
        })
      : { entries: [], damaged: [] }
    const notes = await handleJournalDamage(journalPath, replay, options.recover ?? false)
    const journal = await (options.openJournal ?? openJournal)(journalPath, stored?.journal)
    const searchText = createSearchText(searchFieldsOf(document))
    const engine = createMemoryEngine(
      stored?.data ?? (await createData()),
      searchText,
      (hooks) =>
        createPersistence({
          ...hooks,
          journal,
          snapshotEvery: options.snapshotEvery,
          onSnapshotError: options.onSnapshotError,
          saveSnapshot: (data, generation) => adapter.write(data, generation),
        }),
      {
        tokenTtlMs: options.tokenTtlMs,
        snapshots: createNamedSnapshots(options.snapshotsDir ?? `${real}.snapshots`),
        where: file,
      },
    )
    for (const { entry } of replay.entries) engine.apply(entry)
    if (!stored) await engine.snapshot()
    else if (replay.entries.length + replay.damaged.length > 0) {
      // The journals hold what the snapshot lacks, so a full disk need not keep the data from
      // being served: the next start replays them again.
      await engine.snapshot().catch((error: unknown) => {
        notes.push(`${snapshotFailure(real, error)} The data is served from the journal.`)
      })
    } else if (!stored.sealed) {
      // Checked record by record this time (a file of an older version, or edited by hand):
      // written again sealed, the next start checks only its seal. One that cannot be written
      // loses nothing, and is checked in full again.
      await engine.snapshot().catch(() => undefined)
    }
    return {
      engine,
      notes,
      async close() {
        try {
          // leave a self-contained snapshot behind for whoever opens the file next (rewriting a
          // large file that holds everything already would only cost seconds)
          await engine.snapshotIfChanged()
        } catch (error) {
          throw new StoreCloseError(snapshotFailure(real, error), { cause: error })
        } finally {
          await journal.close().catch(() => undefined)
          release()
        }
      },
    }
  } catch (error) {
    release()
    throw error
  }
}
