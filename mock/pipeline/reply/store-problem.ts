import { HttpError } from '../../shared/problem.ts'
import type { StoreError } from '../../store/store-error.ts'

const RETRY = { 'Retry-After': '1' }

/** The answer to a request whose store failed it: 507 when the disk is full, else a 503 to retry. */
export function storeProblem(error: StoreError): HttpError {
  const { reason } = error
  if (error.during === 'read') {
    return new HttpError(503, `The store could not be read (${reason}); send it again.`, {
      cause: error,
      headers: RETRY,
    })
  }
  if (error.failure === 'full') {
    return new HttpError(
      507,
      `The write could not be saved: the disk is full or a file-size limit was reached (${reason}). Nothing was changed.`,
      { cause: error },
    )
  }
  return new HttpError(
    503,
    `The write could not be saved (${reason}). Nothing was changed; send it again.`,
    { cause: error, headers: RETRY },
  )
}
