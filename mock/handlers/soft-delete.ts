import { HttpError } from '../shared/problem.ts'

/** Records that are deleted softly by default: marked, kept, listed with `include[]=deleted`. */
interface SoftDeletable {
  id: string
  deleted_at: string | null
  updated_at: string
}

/** The record deleted at `at`; one deleted already keeps its first deletion's time (decision 13). */
export const softDeleted = <T extends SoftDeletable>(record: T, at: string): T =>
  record.deleted_at === null ? { ...record, deleted_at: at, updated_at: at } : record

/** A deleted record is read-only, and there is no restore: a change of one is a 409. */
export function refuseDeleted(record: SoftDeletable, what: string): void {
  if (record.deleted_at !== null) {
    throw new HttpError(409, `${what} ${record.id} is deleted and cannot be changed.`)
  }
}
