import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { NamedSnapshots, SnapshotInfo } from '../../repositories.ts'
import { SnapshotFile } from './snapshot-file.ts'

const SUFFIX = '.json'

/**
 * Snapshots saved by name in a folder beside the data file (`db.json.snapshots/`), each in the
 * data file's own format and written the same durable way. Names are checked by admin.yaml.
 */
export function createNamedSnapshots(folder: string): NamedSnapshots {
  const fileOf = (name: string): string => join(folder, `${name}${SUFFIX}`)
  // One save at a time: two saves of one name would write the same temporary file.
  let saving: Promise<unknown> = Promise.resolve()
  const infoOf = (name: string): SnapshotInfo => {
    const stat = statSync(fileOf(name))
    return { name, saved_at: stat.mtime.toISOString(), bytes: stat.size }
  }
  return {
    save(name, data) {
      const saved = saving.then(async () => {
        mkdirSync(folder, { recursive: true })
        // written aside and renamed into place: a save that fails leaves the old one as it was
        await new SnapshotFile(fileOf(name)).write(data)
        return infoOf(name)
      })
      saving = saved.catch(() => undefined)
      return saved
    },
    list: () =>
      Promise.resolve(
        existsSync(folder)
          ? readdirSync(folder)
              .filter((file) => file.endsWith(SUFFIX) && !file.startsWith('.'))
              .map((file) => infoOf(file.slice(0, -SUFFIX.length)))
          : [],
      ),
    load: async (name) =>
      existsSync(fileOf(name))
        ? ((await new SnapshotFile(fileOf(name)).read()) ?? undefined)
        : undefined,
    remove(name) {
      if (!existsSync(fileOf(name))) return Promise.resolve(false)
      rmSync(fileOf(name))
      return Promise.resolve(true)
    },
  }
}
