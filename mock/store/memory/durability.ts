import type { Change, JournalEntry } from './change.ts'
import type { Data } from '../../shared/data.ts'

/** What the memory engine needs of whatever makes its changes durable (a journal on disk). */
export interface Persistence {
  /** Notes a change made in memory; `commit` makes it durable, or takes it back. */
  record: (change: Change) => void
  /**
   * Resolves once every change recorded before the call is on disk. If the journal write fails,
   * rejects, and that change and every change made on top of it are taken back in memory.
   */
  commit: () => Promise<void>
  /** Writes a snapshot of what is on disk now, and resolves once it is in place. */
  snapshot: () => Promise<void>
  /** Saves `data` as the new snapshot, then lets `swap` put it in memory. */
  replace: (data: Data, swap: () => void) => Promise<void>
  /** Whether the last snapshot already holds everything (nothing journaled or under way since). */
  isClean: () => boolean
  /** The data as the disk holds it: memory without the changes not yet durable. */
  committed: () => Data
}

/** What the engine gives its persistence: the data to snapshot, and how to take changes back. */
export interface PersistenceHooks {
  current: () => Data
  /** How many records memory holds (orgs, users, contacts, relationships), without copying them. */
  records: () => number
  /** Applies entries that take changes back, newest change first. */
  undo: (entries: JournalEntry[]) => void
}
