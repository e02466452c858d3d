import { open } from 'node:fs/promises'

/**
 * Puts a file, or a folder's entries (a rename, a new file), on the disk: what a crash cannot
 * take back once this resolves.
 */
export async function flushToDisk(path: string): Promise<void> {
  const handle = await open(path, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}
