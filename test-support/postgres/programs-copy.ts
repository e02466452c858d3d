// As root the tests' PostgreSQL runs as the user postgres (server-account.ts), who cannot enter a
// project in a folder of mode 700 (a clone under `mktemp -d`, a home folder) and so cannot reach
// the programs npm put in its node_modules. They are copied once, whole (60 MB, about 1 s), into a
// folder of the OS temp folder that every user can enter and only this one can change, as
// unpack-chromium.ts does with the browser; test processes running at once share it.
import {
  chmodSync,
  cpSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  type Stats,
} from 'node:fs'
import { join } from 'node:path'

/** The folder's own entry (a link is not followed), or undefined when there is none. */
function entryOf(path: string): Stats | undefined {
  try {
    return lstatSync(path)
  } catch {
    return undefined
  }
}

/**
 * A copy this user made: a real folder (not a link to one), its own, that no other user may write
 * in. Another user's folder of the same name in /tmp, or one others could change, is never used:
 * the programs in it are what the tests run.
 */
function isOwnCopy(folder: string): boolean {
  const entry = entryOf(folder)
  return (
    entry !== undefined &&
    entry.isDirectory() &&
    entry.uid === process.getuid?.() &&
    (entry.mode & 0o022) === 0
  )
}

/**
 * Lets every user read the copy, and run what its owner may run, whatever umask npm unpacked the
 * package under; no one but the owner may write.
 */
function openToReading(folder: string): void {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue
    const path = join(folder, entry.name)
    const { mode } = lstatSync(path)
    if (entry.isDirectory()) {
      chmodSync(path, 0o755)
      openToReading(path)
    } else {
      chmodSync(path, (mode & 0o100) === 0 ? 0o644 : 0o755)
    }
  }
  chmodSync(folder, 0o755)
}

/**
 * `source` copied into `folder`, unless `folder` already is this user's copy. The copy is made
 * beside it and renamed into place: a test process starting meanwhile finds the whole copy or
 * none. Links are copied as they are (the libraries' version links are relative: they still point
 * at the libraries beside them).
 */
export function copyPrograms(source: string, folder: string): string {
  if (isOwnCopy(folder)) return folder
  if (entryOf(folder) !== undefined) {
    throw new Error(
      `${folder} is in the way of the tests' copy of PostgreSQL: it is not a folder of this user ` +
        'that no other user may change; remove it',
    )
  }
  const partial = mkdtempSync(`${folder}.partial-`)
  try {
    cpSync(source, partial, { recursive: true, verbatimSymlinks: true })
    openToReading(partial)
    renameSync(partial, folder)
  } catch (error) {
    // another test process's rename came first: its copy is as good
    if (!isOwnCopy(folder)) throw error
  } finally {
    rmSync(partial, { recursive: true, force: true })
  }
  return folder
}
