import type { FileHandle } from 'node:fs/promises'

/**
 * Writes all of `bytes` at the file's position, or fails. Node reports a full disk as a short
 * write, not as an error, until nothing fits at all: that is turned into ENOSPC.
 */
export async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  for (let written = 0; written < bytes.length;) {
    const { bytesWritten } = await handle.write(bytes, written, bytes.length - written)
    if (bytesWritten === 0) {
      throw Object.assign(new Error('no byte could be written: the disk is full'), {
        code: 'ENOSPC',
      })
    }
    written += bytesWritten
  }
}
