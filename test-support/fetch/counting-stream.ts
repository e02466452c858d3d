// Request bodies as streams that count what a reader takes of them: how much of a body the mock
// read is the bytes pulled from its stream, whatever memory a collector has given back since.
import { createGzip } from 'node:zlib'

export interface CountingStream {
  stream: ReadableStream<Uint8Array>
  /** The bytes pulled from the stream so far. */
  pulled: () => number
  /** Whether the reader let go of the stream (cancelled it). */
  cancelled: () => boolean
  /** Resolves once a first chunk was pulled. */
  firstPull: Promise<void>
}

export interface CountingOptions {
  /** The bytes of one chunk (64 KiB by default). */
  chunk?: number
  /** An upload that stalls: past this many bytes, a pull waits until the stream is cancelled. */
  stallAfter?: number
}

/**
 * `body` (bytes, or a length of `a`s made as they are pulled) as a stream pulled a chunk at a
 * time, none ahead of a read (a high-water mark of 0).
 */
export function countingStream(
  body: Uint8Array | number,
  { chunk = 64 * 1024, stallAfter = Infinity }: CountingOptions = {},
): CountingStream {
  const length = typeof body === 'number' ? body : body.length
  let pulled = 0
  let cancelled = false
  let pulledOnce: () => void = () => undefined
  const firstPull = new Promise<void>((resolve) => {
    pulledOnce = resolve
  })
  let release: () => void = () => undefined
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (pulled >= stallAfter) {
          await new Promise<void>((resolve) => {
            release = resolve
          })
          return
        }
        if (pulled >= length) {
          controller.close()
          return
        }
        const size = Math.min(chunk, length - pulled)
        controller.enqueue(
          typeof body === 'number'
            ? new Uint8Array(size).fill(0x61)
            : body.slice(pulled, pulled + size),
        )
        pulled += size
        pulledOnce()
      },
      cancel() {
        cancelled = true
        release()
      },
    },
    { highWaterMark: 0 },
  )
  return { stream, pulled: () => pulled, cancelled: () => cancelled, firstPull }
}

/** `bytes` zeros, gzipped a MiB at a time (a bomb: 64 MiB of zeros are some 64 KB). */
export async function gzipOfZeros(bytes: number): Promise<Uint8Array> {
  const gzip = createGzip()
  const parts: Buffer[] = []
  gzip.on('data', (part: Buffer) => parts.push(part))
  const ended = new Promise((resolve) => gzip.once('end', resolve))
  const mebibyte = Buffer.alloc(1024 * 1024)
  for (let written = 0; written < bytes; written += mebibyte.length) {
    if (!gzip.write(mebibyte.subarray(0, Math.min(mebibyte.length, bytes - written)))) {
      await new Promise((resolve) => gzip.once('drain', resolve))
    }
  }
  gzip.end()
  await ended
  return new Uint8Array(Buffer.concat(parts))
}
