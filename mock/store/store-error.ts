// What an engine says when the store fails it; the pipeline (reply/store-problem.ts) turns it
// into an answer. Engines know no HTTP.

// A full disk, a full quota, or a file-size limit (ulimit -f): retrying soon will not help.
const NO_ROOM = new Set(['ENOSPC', 'EDQUOT', 'EFBIG'])

export type StoreFailure =
  /** No room left for the write: retrying soon will not help. */
  | 'full'
  /** The store could not do it now (a disk error, a database down): it may work again soon. */
  | 'unavailable'

export class StoreError extends Error {
  readonly failure: StoreFailure
  /** Whether a write failed (nothing was changed) or a read. */
  readonly during: 'write' | 'read'
  /** The system's code (`ENOSPC`, `ECONNREFUSED`) or else the cause's message. */
  readonly reason: string

  constructor(failure: StoreFailure, during: 'write' | 'read', cause: unknown) {
    const code = (cause as { code?: unknown } | null)?.code
    const reason =
      typeof code === 'string' ? code : cause instanceof Error ? cause.message : 'unknown error'
    super(`The store failed a ${during} (${reason})`, { cause })
    this.name = 'StoreError'
    this.failure = failure
    this.during = during
    this.reason = reason
  }
}

/** What a failed write of the store is: full when there is no room, else unavailable. */
export function writeFailure(cause: unknown): StoreError {
  if (cause instanceof StoreError) return cause
  const code = (cause as { code?: unknown } | null)?.code
  const full = typeof code === 'string' && NO_ROOM.has(code)
  return new StoreError(full ? 'full' : 'unavailable', 'write', cause)
}
