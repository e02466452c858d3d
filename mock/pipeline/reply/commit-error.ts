import { HttpError } from '../../shared/problem.ts'

// A full disk, a full quota, or a file-size limit (ulimit -f): retrying soon will not help.
const NO_ROOM = new Set(['ENOSPC', 'EDQUOT', 'EFBIG'])

/** What a request whose change could not be saved is answered; the change was taken back. */
export function toCommitError(error: unknown): HttpError {
  const code = (error as NodeJS.ErrnoException | null)?.code
  if (code !== undefined && NO_ROOM.has(code)) {
    return new HttpError(
      507,
      `The write could not be saved: the disk is full or a file-size limit was reached (${code}). Nothing was changed.`,
      { cause: error },
    )
  }
  const reason = code ?? (error instanceof Error ? error.message : 'unknown error')
  return new HttpError(
    503,
    `The write could not be saved (${reason}). Nothing was changed; send it again.`,
    { cause: error, headers: { 'Retry-After': '1' } },
  )
}
