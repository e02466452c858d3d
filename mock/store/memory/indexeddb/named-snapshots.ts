// Named snapshots in the mock's database, beside its data: each one's info and its data as JSON
// text in two stores (../text-snapshots.ts).
import type { NamedSnapshots, SnapshotInfo } from '../../repositories.ts'
import { readFailure } from '../../store-error.ts'
import { createTextSnapshots } from '../text-snapshots.ts'
import { committed, requested, type IdbDatabase, type IdbRequest } from './idb.ts'
import { SNAPSHOT_DATA, SNAPSHOT_INFO, type Durability } from './records.ts'
import { idbWriteFailure } from './persistence.ts'

const throwWriteFailure = (error: unknown): never => {
  throw idbWriteFailure(error)
}
const throwReadFailure = (error: unknown): never => {
  throw readFailure(error)
}

/** Named snapshots kept in `db`; a save is answered once its transaction has committed. */
export function createIdbSnapshots(db: IdbDatabase, durability: Durability): NamedSnapshots {
  const both = [SNAPSHOT_INFO, SNAPSHOT_DATA]
  return createTextSnapshots({
    async put(info, text) {
      const transaction = db.transaction(both, 'readwrite', { durability })
      const done = committed(transaction, `could not save the snapshot ${info.name}`)
      transaction.objectStore(SNAPSHOT_INFO).put(info, info.name)
      transaction.objectStore(SNAPSHOT_DATA).put(text, info.name)
      transaction.commit?.()
      // both or neither: a snapshot that was there before is as it was
      await done.catch(throwWriteFailure)
    },
    async infos() {
      const transaction = db.transaction(SNAPSHOT_INFO, 'readonly')
      const all = transaction.objectStore(SNAPSHOT_INFO).getAll() as IdbRequest<SnapshotInfo[]>
      return requested(all, 'could not list the snapshots').catch(throwReadFailure)
    },
    async text(name) {
      const transaction = db.transaction(SNAPSHOT_DATA, 'readonly')
      const text = await requested(
        transaction.objectStore(SNAPSHOT_DATA).get(name),
        `could not read the snapshot ${name}`,
      ).catch(throwReadFailure)
      return typeof text === 'string' ? text : undefined
    },
    async remove(name) {
      const transaction = db.transaction(both, 'readwrite', { durability })
      const done = committed(transaction, `could not remove the snapshot ${name}`)
      const count = requested(transaction.objectStore(SNAPSHOT_INFO).count(name), 'count')
      transaction.objectStore(SNAPSHOT_INFO).delete(name)
      transaction.objectStore(SNAPSHOT_DATA).delete(name)
      const [found] = await Promise.all([count, done]).catch(throwWriteFailure)
      return found > 0
    },
  })
}
