import { readdirSync } from 'node:fs'
import { basename, dirname } from 'node:path'

/** A background snapshot as seen from outside: from its journal's rotation to its removal. */
export interface SnapshotSpan {
  startMs: number
  /** Undefined while it is still being written. */
  endMs: number | undefined
}

export interface SnapshotWatch {
  spans: () => SnapshotSpan[]
  completed: () => number
  /** Whether [fromMs, toMs] (performance.now()) overlaps a snapshot, give or take a poll period. */
  overlaps: (fromMs: number, toMs: number) => boolean
  stop: () => void
}

const POLL_MS = 10

/**
 * Follows the mock's snapshots through its files: a snapshot starts by setting the journal aside as
 * `<db>.journal.<n>` and ends by removing it once the new data file is in place.
 */
export function watchSnapshots(dbFile: string): SnapshotWatch {
  const folder = dirname(dbFile)
  const rotated = new RegExp(`^${basename(dbFile).replace(/\./g, '\\.')}\\.journal\\.(\\d+)$`)
  const open = new Map<string, SnapshotSpan>()
  const spans: SnapshotSpan[] = []
  const poll = (): void => {
    const now = performance.now()
    const present = new Set(readdirSync(folder).filter((name) => rotated.test(name)))
    for (const name of present) {
      if (open.has(name)) continue
      const span = { startMs: now, endMs: undefined }
      open.set(name, span)
      spans.push(span)
    }
    for (const [name, span] of open) {
      if (present.has(name)) continue
      span.endMs = now
      open.delete(name)
    }
  }
  const timer = setInterval(poll, POLL_MS)
  return {
    spans: () => spans,
    completed: () => spans.filter((span) => span.endMs !== undefined).length,
    overlaps: (fromMs, toMs) =>
      spans.some(
        (span) => toMs >= span.startMs - POLL_MS && fromMs <= (span.endMs ?? Infinity) + POLL_MS,
      ),
    stop: () => {
      clearInterval(timer)
    },
  }
}
