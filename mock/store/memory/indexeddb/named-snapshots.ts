// Named snapshots in the mock's database, beside its data: each one's info (what a list shows)
// and its data as JSON text in two stores, so a list reads no snapshot's data.
import type { Data } from '../../../shared/data.ts'
import type { NamedSnapshots, SnapshotInfo } from '../../repositories.ts'
import { StoreError } from '../../store-error.ts'
import { committed, requested, type IdbDatabase } from './idb.ts'
import { SNAPSHOT_DATA, SNAPSHOT_INFO, type Durability } from './records.ts'
import { idbWriteFailure } from './persistence.ts'

const encoder = new TextEncoder()
const readFailure = (cause: unknown): never => {
  throw new StoreError('unavailable', 'read', cause)
}
const byName = (a: SnapshotInfo, b: SnapshotInfo): number =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0

/** Named snapshots kept in `db`; a save is answered once its transaction has committed. */
export function createIdbSnapshots(
  db: IdbDatabase,
  durability: Durability,
  now: () => Date = () => new Date(),
): NamedSnapshots {
  const both = [SNAPSHOT_INFO, SNAPSHOT_DATA]
  return {
    async save(name, data) {
      const text = JSON.stringify(data)
      const info = { name, saved_at: now().toISOString(), bytes: encoder.encode(text).length }
      const transaction = db.transaction(both, 'readwrite', { durability })
      const done = committed(transaction, `could not save the snapshot ${name}`)
      transaction.objectStore(SNAPSHOT_INFO).put(info, name)
      transaction.objectStore(SNAPSHOT_DATA).put(text, name)
      transaction.commit?.()
      // both or neither: a snapshot that was there before is as it was
      await done.catch((error: unknown) => {
        throw idbWriteFailure(error)
      })
      return { ...info }
    },
    async list() {
      const transaction = db.transaction(SNAPSHOT_INFO, 'readonly')
      const infos = await requested(
        transaction.objectStore(SNAPSHOT_INFO).getAll(),
        'could not list the snapshots',
      ).catch(readFailure)
      return (infos as SnapshotInfo[]).sort(byName)
    },
    async load(name) {
      const transaction = db.transaction(SNAPSHOT_DATA, 'readonly')
      const text = await requested(
        transaction.objectStore(SNAPSHOT_DATA).get(name),
        `could not read the snapshot ${name}`,
      ).catch(readFailure)
      return typeof text === 'string' ? (JSON.parse(text) as Data) : undefined
    },
    async remove(name) {
      const transaction = db.transaction(both, 'readwrite', { durability })
      const done = committed(transaction, `could not remove the snapshot ${name}`)
      const count = requested(transaction.objectStore(SNAPSHOT_INFO).count(name), 'count')
      transaction.objectStore(SNAPSHOT_INFO).delete(name)
      transaction.objectStore(SNAPSHOT_DATA).delete(name)
      const [found] = await Promise.all([count, done]).catch((error: unknown) => {
        throw idbWriteFailure(error)
      })
      return found > 0
    },
  }
}
