import { readlinkSync, realpathSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { codeOf } from '../../store-error.ts'

// As many links as Linux follows in one path (MAXSYMLINKS) before it answers ELOOP.
const MAX_LINKS = 40

/**
 * The path `path` names with every symlink resolved, also for a file not written yet: its folder
 * resolved, or the file a dangling link names. One data file has one real path, whatever link it
 * is named through: its lock, its journal and its snapshot's rename all go by it.
 */
export function realPathOf(path: string, links = 0): string {
  const absolute = resolve(path)
  try {
    return realpathSync(absolute)
  } catch (error) {
    if (codeOf(error) !== 'ENOENT') throw error
  }
  let target: string | undefined
  try {
    target = readlinkSync(absolute)
  } catch (error) {
    // EINVAL: not a link; ENOENT: nothing there yet
    if (codeOf(error) !== 'EINVAL' && codeOf(error) !== 'ENOENT') throw error
  }
  if (target !== undefined) {
    if (links >= MAX_LINKS) {
      throw Object.assign(new Error(`too many symbolic links in ${path}`), { code: 'ELOOP' })
    }
    return realPathOf(resolve(dirname(absolute), target), links + 1)
  }
  const folder = dirname(absolute)
  return folder === absolute ? absolute : join(realPathOf(folder, links), basename(absolute))
}
