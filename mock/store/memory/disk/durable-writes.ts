// Writing to the disk so that a crash cannot take it back: all the bytes, then the flush.
import { write } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'

// fs.write with a callback, not FileHandle.write: measured 8-12 µs of the event loop per O_DSYNC
// write against 20-22 (3,000 writes of 700 bytes, three runs, idle machine); the journal writes
// once per group of changes (2.5 in the bench's mix with writes), and the saving is too small to
// show there (0.73x before and after). Unlike FileHandle.write, nothing keeps the handle from
// closing meanwhile: every caller awaits the write before it closes or rotates the file.
const writeSome = (fd: number, bytes: Buffer, from: number): Promise<number> =>
  new Promise((resolve, reject) => {
    write(fd, bytes, from, bytes.length - from, null, (error, written) => {
      if (error) reject(error)
      else resolve(written)
    })
  })

/**
 * Writes all of `bytes` at the file's position, or fails. Node reports a full disk as a short
 * write, not as an error, until nothing fits at all: that is turned into ENOSPC.
 */
export async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  for (let written = 0; written < bytes.length;) {
    const bytesWritten = await writeSome(handle.fd, bytes, written)
    if (bytesWritten === 0) {
      throw Object.assign(new Error('no byte could be written: the disk is full'), {
        code: 'ENOSPC',
      })
    }
    written += bytesWritten
  }
}

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
