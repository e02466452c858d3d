// What an engine says when the store fails it; the pipeline (reply/store-problem.ts) turns it
// into an answer. Engines know no HTTP.

export type StoreFailure =
  /** No room left for the write: retrying soon will not help. */
  | 'full'
  /** The store could not do it now (a disk error, a database down): it may work again soon. */
  | 'unavailable'

/** The system's code of a failure (`ENOSPC`, `ECONNREFUSED`, PostgreSQL's `40P01`), if any. */
export function codeOf(cause: unknown): string | undefined {
  const code = (cause as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

export class StoreError extends Error {
  readonly failure: StoreFailure
  /** Whether a write failed (nothing was changed) or a read. */
  readonly during: 'write' | 'read'
  /** The system's code (`ENOSPC`, `ECONNREFUSED`) or else the cause's message. */
  readonly reason: string

  constructor(failure: StoreFailure, during: 'write' | 'read', cause: unknown) {
    const reason = codeOf(cause) ?? (cause instanceof Error ? cause.message : 'unknown error')
    super(`The store failed a ${during} (${reason})`, { cause })
    this.name = 'StoreError'
    this.failure = failure
    this.during = during
    this.reason = reason
  }
}

// A full disk, a full quota, or a file-size limit (ulimit -f): retrying soon will not help.
const NO_ROOM = new Set(['ENOSPC', 'EDQUOT', 'EFBIG'])

/** Whether the system said there is no room: the classifier of the Node engines (disk, pg). */
const isDiskFull = (cause: unknown): boolean => NO_ROOM.has(codeOf(cause) ?? '')

/**
 * What a failed write of the store is: full when `isFull` (the engine's classifier) finds no
 * room, else unavailable. A StoreError already is one.
 */
export function writeFailure(
  cause: unknown,
  isFull: (cause: unknown) => boolean = isDiskFull,
): StoreError {
  if (cause instanceof StoreError) return cause
  return new StoreError(isFull(cause) ? 'full' : 'unavailable', 'write', cause)
}

/** What a failed read of the store is: unavailable, to retry. A StoreError already is one. */
export const readFailure = (cause: unknown): StoreError =>
  cause instanceof StoreError ? cause : new StoreError('unavailable', 'read', cause)
