import { writeFailure } from '../../store-error.ts'
import type { Data } from '../../../shared/data.ts'
import type { Persistence, PersistenceHooks } from '../durability.ts'
import { createGroupCommit } from '../group-commit.ts'
import type { Journal } from './journal.ts'

export interface PersistenceOptions extends PersistenceHooks {
  journal: Journal
  /** Writes a whole snapshot durably, holding the changes of the journals up to `generation`. */
  saveSnapshot: (data: Data, generation: number) => Promise<void>
  /**
   * Journal entries after which a snapshot is written, at the least: on larger data the snapshot
   * waits for an eighth of its records in changes (see `changesBeforeSnapshot`).
   */
  snapshotEvery?: number
  /** A snapshot nobody waits for failed; the journals still hold every change. */
  onSnapshotError?: (error: unknown) => void
}

/**
 * A snapshot rewrites every record. At a fixed interval a million records would be rewritten every
 * 20,000 changes (50 record writes per change); waiting for an eighth of the records in changes
 * bounds that to 8, as a log-structured store compacts in proportion to its size, and bounds what a
 * start after a crash replays to an eighth of what it loads. Up to 160,000 records the interval
 * stays 20,000: the bench's stall step at 100,000 contacts sees the same snapshots as before.
 */
export const changesBeforeSnapshot = (records: number, snapshotEvery: number): number =>
  Math.max(snapshotEvery, Math.ceil(records / 8))

/** The records of a snapshot's data. */
const recordsOf = (data: Data): number =>
  data.orgs.length + data.users.length + data.contacts.length + data.user_relationships.length

/**
 * The data file's persistence: the group commit appends each batch to the journal (a write is
 * answered once its line is on disk). A snapshot sets the journal aside and is written in the
 * background while writes go on into a new one; it is plugged in after each batch, and a reset
 * writes one in the chain, so none sees another half done.
 */
export function createPersistence(options: PersistenceOptions): Persistence {
  const { journal, snapshotEvery = 20_000, onSnapshotError = () => undefined } = options
  let journaled = 0
  // a snapshot failed: the journals set aside hold changes no snapshot has yet
  let behind = false
  // set at the first write: the journal's replay at start adds records after the store creates this
  let nextSnapshotAt: number | undefined
  let writing: Promise<void> | undefined
  // a snapshot asked for and not yet begun, which later requests share
  let queued = false
  let requested = Promise.resolve()
  // tried again a little later, after a snapshot that failed
  const retryLater = (): void => {
    nextSnapshotAt = journaled + Math.ceil(snapshotEvery / 10)
  }

  /** Starts writing what is on disk now; changes from here on go to a new journal. */
  async function startSnapshot(): Promise<{ done: Promise<void> }> {
    // Records are replaced, never changed in place: the copied lists stay as they are now. Changes
    // recorded while the last append ran are not on disk yet: the snapshot leaves them out.
    const state = commits.committed()
    let generation: number
    try {
      generation = await journal.rotate()
    } catch (error) {
      // nothing was set aside: the journal in use still holds every change, and takes the next ones
      retryLater()
      throw error
    }
    journaled = 0
    nextSnapshotAt = changesBeforeSnapshot(recordsOf(state), snapshotEvery)
    const done = options
      .saveSnapshot(state, generation)
      .then(() => journal.dropRotated(generation))
      .then(() => {
        behind = false
      })
    writing = done
      .catch((error: unknown) => {
        behind = true
        retryLater()
        onSnapshotError(error)
      })
      .finally(() => {
        writing = undefined
      })
    // wrapped: an async function would wait for a promise it returns
    return { done }
  }

  /** A snapshot asked for (at start, at a stop): after the one being written, and waited for. */
  async function snapshotNow(): Promise<void> {
    if (writing) await writing
    const { done } = await startSnapshot()
    await done
  }

  const commits = createGroupCommit(options, {
    async write(batch) {
      await journal.append(batch.map((change) => change.entry))
      journaled += batch.length
    },
    async replace(data) {
      // a snapshot still being written would land after this one and bring the old data back
      if (writing) await writing
      try {
        const generation = await journal.rotate()
        await options.saveSnapshot(data, generation)
        await journal.dropRotated(generation)
      } catch (error) {
        behind = true
        throw error
      }
      journaled = 0
      behind = false
      nextSnapshotAt = changesBeforeSnapshot(recordsOf(data), snapshotEvery)
    },
    failure: writeFailure,
    async afterWrite() {
      nextSnapshotAt ??= changesBeforeSnapshot(options.records(), snapshotEvery)
      // one being written already takes the journal's changes so far
      if (journaled < nextSnapshotAt || writing) return
      await startSnapshot().catch(onSnapshotError)
    },
  })

  return {
    ...commits,
    snapshot() {
      if (!queued) {
        queued = true
        // begun at once when the chain is idle: unset before inTurn returns
        requested = commits.inTurn(() => {
          queued = false
          return snapshotNow()
        })
      }
      return requested
    },
    isClean: () => !behind && journaled === 0 && commits.idle() && writing === undefined,
  }
}
