// One truth for the tabs of an origin: each tab answers from a memory of its own, and IndexedDB is
// what they share. A tab writes only in its turn, which one lock for all tabs gives (tab-lock.ts),
// and begins its turn by applying every commit of the others it has not (records.ts numbers them);
// so no write is made on data another tab has since changed, and none undoes another's. Out of a
// turn, each read first asks IndexedDB for the commits after the last one memory has: usually none
// (one request), else memory applies them from the log, or reads the data whole when they are no
// longer there or one replaced everything (a reset, a restored snapshot).
import { readFailure } from '../../store-error.ts'
import type { StorageEngine } from '../../repositories.ts'
import type { MemoryEngine } from '../memory-engine.ts'
import type { IdbDatabase } from './idb.ts'
import type { Ledger } from './persistence.ts'
import { readData, readLogAfter, type LogEntry } from './records.ts'
import type { Release, TakeLock } from './tab-lock.ts'

/** This tab's turn to write: it holds the lock, and memory is all there is. */
interface Turn {
  /** The writes in it not yet answered: the lock is let go when none is left. */
  writes: number
  /** The tab's commits started before it began. */
  commitsBefore: number
  release: Release
}

// A turn takes in the writes that come until its second commit starts: those that meet the first
// one under way share the next transaction (group commit), and a tab waiting for the lock gets it
// after two commits at most.
const COMMITS_PER_TURN = 2

export interface TabsOptions {
  db: IdbDatabase
  ledger: Ledger
  /** The lock all tabs of the database take turns with. */
  lockName: string
  takeLock: TakeLock
}

const throwReadFailure = (cause: unknown): never => {
  throw readFailure(cause)
}

/** The engine of this tab, shared with the other tabs of its origin through IndexedDB. */
export function shareAcrossTabs(engine: MemoryEngine, options: TabsOptions): StorageEngine {
  const { db, ledger, lockName, takeLock } = options
  let turn: Turn | undefined
  let nextTurn: Promise<void> | undefined
  // catching up, one at a time: two never apply the same commit twice
  let catching: Promise<void> = Promise.resolve()

  /** Memory takes the commits after its generation: from the log when it has them all, else whole. */
  async function apply(log: readonly LogEntry[]): Promise<void> {
    const missed = log.filter((entry) => entry.generation > ledger.generation)
    const [first] = missed
    if (first === undefined) return
    const whole = first.generation !== ledger.generation + 1 || missed.some((e) => 'replaced' in e)
    if (!whole) {
      for (const commit of missed) {
        if ('entries' in commit) for (const entry of commit.entries) engine.apply(entry)
        ledger.generation = commit.generation
      }
      return
    }
    const stored = await readData(db)
    if (stored === undefined) throw new Error('IndexedDB: the data is gone from the database')
    if (stored.generation <= ledger.generation) return
    // a reset to data read from the database only swaps it in (persistence.ts)
    ledger.readWhole.set(stored.data, stored.generation)
    await engine.reset(stored.data)
  }

  function catchUp(step: () => Promise<void>): Promise<void> {
    const caught = catching.then(step)
    catching = caught.catch(() => undefined)
    return caught.catch(throwReadFailure)
  }

  /** Before a read out of a turn: memory has every commit made until now. */
  async function fresh(): Promise<void> {
    if (turn !== undefined) return
    const log = await readLogAfter(db, ledger.generation).catch(throwReadFailure)
    if (log.length === 0) return
    // a turn begun meanwhile has caught up itself, and its writes are in memory on top
    await catchUp(() => (turn === undefined ? apply(log) : Promise.resolve()))
  }

  /** Takes the lock, then brings memory up to date: this tab's turn begins. */
  function beginTurn(): Promise<void> {
    nextTurn ??= (async () => {
      const release = await takeLock(lockName)
      try {
        await catchUp(async () => {
          await apply(await readLogAfter(db, ledger.generation))
        })
      } catch (error) {
        release()
        throw error
      }
      turn = { writes: 0, commitsBefore: ledger.commits, release }
    })().finally(() => {
      nextTurn = undefined
    })
    return nextTurn
  }

  /** Resolves once this write may go on: in this tab's turn. */
  async function enter(): Promise<void> {
    for (;;) {
      if (turn !== undefined && ledger.commits - turn.commitsBefore < COMMITS_PER_TURN) {
        turn.writes++
        return
      }
      await beginTurn()
    }
  }

  function leave(): void {
    if (turn === undefined) return
    turn.writes--
    if (turn.writes > 0) return
    const { release } = turn
    turn = undefined
    release()
  }

  async function inTurn<T>(run: () => Promise<T>): Promise<T> {
    await enter()
    try {
      return await run()
    } finally {
      leave()
    }
  }

  return {
    snapshots: engine.snapshots,
    async read(work) {
      await fresh()
      return engine.read(work)
    },
    write: (work) => inTurn(() => engine.write(work)),
    async reset(data) {
      // within a write's turn (the admin API's reset and restore): it may not wait for the next
      if (turn === undefined) return inTurn(() => engine.reset(data))
      turn.writes++
      try {
        await engine.reset(data)
      } finally {
        leave()
      }
    },
    async exportData() {
      await fresh()
      return engine.exportData()
    },
    async describe() {
      await fresh()
      return engine.describe()
    },
  }
}
