/** Records that are deleted softly by default: marked, kept, listed with `include[]=deleted`. */
interface SoftDeletable {
  deleted_at: string | null
  updated_at: string
}

/** The record deleted at `at`; one deleted already keeps its first deletion's time (decision 13). */
export const softDeleted = <T extends SoftDeletable>(record: T, at: string): T =>
  record.deleted_at === null ? { ...record, deleted_at: at, updated_at: at } : record
