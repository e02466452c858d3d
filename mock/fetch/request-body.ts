// A fetch call's body as the core reads it: only when its order of checks comes to the body (after
// the token), and as the server's body parser reads one (express.raw in process/node-http.ts):
// over the document's limit it stops reading, cancels the stream and answers 413; a gzip or
// deflate body is inflated as it comes and stopped at the same limit; a call aborted or answered
// lets go of it at once (discard). A string or bytes, most calls, are read with no stream at all.
import { HttpError, unreadableBody } from '../shared/problem.ts'

/** A stream's reader, of this realm's ReadableStream or another's (jsdom, happy-dom). */
interface ChunkReader {
  read: () => Promise<{ done?: boolean; value?: unknown }>
  cancel: (reason?: unknown) => Promise<void>
}

/** A ReadableStream known by its shape, whatever realm made it. */
interface StreamLike {
  getReader: () => ChunkReader
  cancel?: (reason?: unknown) => Promise<void>
}

/** A Blob known by its shape: its size is known before it is read. */
interface BlobLike {
  size: number
  type: string
  stream: () => StreamLike
}

/** A call's body, read when the core asks for it. */
export interface FetchBody {
  /** The Content-Type fetch gives such a body when the call names none; null for none. */
  readonly type: string | null
  /** Whether a body was sent: known at once, or (a stream of unknown length) from its first bytes. */
  readonly sent: boolean | (() => Promise<boolean>)
  /**
   * Its bytes, inflated as `encoding` says, at most `limit` of them; rejects with the 4xx the
   * server answers: 413 over the limit, 415 a coding it does not know, 400 a body it cannot read.
   */
  read: (limit: number, encoding: string | undefined) => Promise<Uint8Array>
  /** Lets go of a stream the answer did not read to its end: it is cancelled, as an upload stops. */
  discard: () => void
  /** Why the caller's own stream failed, once it did: fetch rejects then, with no answer. */
  failure: () => unknown
}

const EMPTY = new Uint8Array(0)
const encoder = new TextEncoder()
const ignore = (): void => undefined
/** The slices bytes at hand are inflated in: a bomb's output is stopped within one. */
const SLICE = 16 * 1024

type Coding = 'identity' | 'gzip' | 'deflate'
type NextChunk = () => Promise<Uint8Array | undefined>

const tooLarge = (): HttpError => unreadableBody(413, 'it is too large')
const aborted = (): HttpError => unreadableBody(400, 'request aborted')

/** The coding a Content-Encoding names: the ones the server's body parser inflates, else 415. */
function codingOf(encoding: string | undefined): Coding {
  const coding = encoding?.trim().toLowerCase() ?? 'identity'
  if (coding === 'identity' || coding === 'gzip' || coding === 'deflate') return coding
  throw unreadableBody(415, `unsupported content encoding "${coding}"`)
}

/** Bytes of a chunk: a view of any realm; undefined for anything else, which fetch refuses. */
function viewOf(value: unknown): Uint8Array | undefined {
  if (value instanceof Uint8Array) return value
  if (!ArrayBuffer.isView(value)) return undefined
  return new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
}

/** The chunks to their end, joined; 413 as soon as they pass `limit`, after `over` stopped them. */
async function collect(next: NextChunk, limit: number, over: () => void): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  let length = 0
  for (let chunk = await next(); chunk !== undefined; chunk = await next()) {
    length += chunk.length
    if (length > limit) {
      over()
      throw tooLarge()
    }
    chunks.push(chunk)
  }
  if (chunks.length === 1 && chunks[0] !== undefined) return chunks[0]
  const bytes = new Uint8Array(length)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.length
  }
  return bytes
}

/**
 * The chunks inflated as they are pulled, at most `limit` bytes of output: past it the inflation
 * is cancelled, and `stop` lets go of what was left to inflate. A chunk is pulled when the
 * inflation has taken the last (no pipe: one reads as far ahead as its buffer's count of chunks).
 */
function inflate(next: NextChunk, coding: 'gzip' | 'deflate', limit: number, stop = ignore) {
  const { readable, writable } = new DecompressionStream(coding)
  const writer = writable.getWriter()
  const reader = (readable as ReadableStream<Uint8Array>).getReader()
  // why `next` failed (an abort, the caller's stream), rather than the inflation
  let failed: HttpError | undefined
  const feed = async (): Promise<void> => {
    for (;;) {
      let chunk: Uint8Array | undefined
      try {
        chunk = await next()
      } catch (error) {
        failed =
          error instanceof HttpError ? error : unreadableBody(400, 'its body stream failed.', error)
        await writer.abort(error)
        return
      }
      if (chunk === undefined) break
      // the DOM's streams take views of an ArrayBuffer only: one of a SharedArrayBuffer is copied
      await writer.write(
        chunk.buffer instanceof ArrayBuffer
          ? (chunk as Uint8Array<ArrayBuffer>)
          : new Uint8Array(chunk),
      )
    }
    await writer.close()
  }
  // a write that fails errors the output: the reads below tell it
  feed().catch(ignore)
  const inflated: NextChunk = async () => {
    try {
      const { done, value } = await reader.read()
      return done ? undefined : value
    } catch (cause) {
      throw failed ?? unreadableBody(400, 'the body could not be inflated.', cause)
    }
  }
  return collect(inflated, limit, () => {
    stop()
    reader.cancel().catch(ignore)
  })
}

/**
 * A body at hand (text or bytes), read with no stream, as the server reads one: checked against
 * the limit, or inflated to it in slices; text is encoded only when it is read.
 */
function atHand(body: string | Uint8Array, type: string | null): FetchBody {
  const read = async (limit: number, encoding: string | undefined): Promise<Uint8Array> => {
    if (body.length === 0) return EMPTY
    const coding = codingOf(encoding)
    // text's UTF-8 has at least as many bytes as it has UTF-16 units: over the limit unencoded
    if (coding === 'identity' && body.length > limit) throw tooLarge()
    const bytes = typeof body === 'string' ? encoder.encode(body) : body
    if (coding === 'identity') {
      if (bytes.length > limit) throw tooLarge()
      return bytes
    }
    let at = 0
    const slices: NextChunk = () => {
      const slice = bytes.subarray(at, at + SLICE)
      at += slice.length
      return Promise.resolve(slice.length > 0 ? slice : undefined)
    }
    return inflate(slices, coding, limit)
  }
  return { type, sent: body.length > 0, read, discard: ignore, failure: ignore }
}

const NO_BODY = atHand(EMPTY, null)

/** A stream, read a chunk at a time when the core asks; `size` when it is known (a Blob's). */
function streamBody(stream: StreamLike, size: number | undefined, type: string | null): FetchBody {
  let reader: ChunkReader | undefined
  // a chunk read to learn whether a body was sent: the next read starts with it
  let first: Uint8Array | undefined
  let ended = false
  // set once reading must stop (the call aborted or answered: discard): a read then rejects with it
  let stopped: HttpError | undefined
  let failure: unknown

  const halt = (reason: HttpError, cause?: unknown): void => {
    if (ended || stopped !== undefined) return
    stopped = reason
    first = undefined
    try {
      const cancelled = reader === undefined ? stream.cancel?.(cause) : reader.cancel(cause)
      cancelled?.catch(ignore)
    } catch {
      // a stream locked by someone else: theirs to cancel
    }
  }

  const fail = (cause: unknown): HttpError => {
    failure ??= cause
    const error = unreadableBody(400, 'its body stream failed.', cause)
    halt(error, cause)
    return error
  }

  // a function, not a test in place: reading may stop the stream while a read waits
  const checkStopped = (): void => {
    if (stopped !== undefined) throw stopped
  }

  const next: NextChunk = async () => {
    checkStopped()
    if (first !== undefined) {
      const chunk = first
      first = undefined
      return chunk
    }
    if (ended) return undefined
    reader ??= stream.getReader()
    let result: { done?: boolean; value?: unknown }
    try {
      result = await reader.read()
    } catch (cause) {
      checkStopped()
      throw fail(cause)
    }
    checkStopped()
    if (result.done === true) {
      ended = true
      return undefined
    }
    const chunk = viewOf(result.value)
    if (chunk === undefined) throw fail(new TypeError('A chunk of the body is not a Uint8Array.'))
    return chunk
  }

  return {
    type,
    sent:
      size !== undefined
        ? size > 0
        : async () => {
            for (let chunk = await next(); chunk !== undefined; chunk = await next()) {
              if (chunk.length > 0) {
                first = chunk
                return true
              }
            }
            return false
          },
    read: async (limit, encoding) => {
      if (size === 0) return EMPTY
      const coding = codingOf(encoding)
      const over = (): void => {
        halt(tooLarge())
      }
      if (coding !== 'identity') return inflate(next, coding, limit, over)
      if (size !== undefined && size > limit) {
        over()
        throw tooLarge()
      }
      return collect(next, limit, over)
    },
    discard: () => {
      halt(aborted())
    },
    failure: () => failure,
  }
}

const isStream = (body: object): body is StreamLike =>
  typeof (body as Partial<StreamLike>).getReader === 'function'

const isBlob = (body: object): body is BlobLike =>
  typeof (body as Partial<BlobLike>).stream === 'function' &&
  typeof (body as Partial<BlobLike>).size === 'number'

/**
 * The body of a call as fetch takes it (a string, bytes, a Blob, a stream, URLSearchParams,
 * FormData...), of this realm or another, with the Content-Type fetch gives it.
 */
export function bodyOf(body: unknown): FetchBody {
  if (body === undefined || body === null) return NO_BODY
  if (typeof body === 'string') return atHand(body, 'text/plain;charset=UTF-8')
  const bytes = body instanceof ArrayBuffer ? new Uint8Array(body) : viewOf(body)
  if (bytes !== undefined) return atHand(bytes, null)
  if (body instanceof URLSearchParams) {
    return atHand(body.toString(), 'application/x-www-form-urlencoded;charset=UTF-8')
  }
  if (typeof body === 'object' && isStream(body)) return streamBody(body, undefined, null)
  if (typeof body === 'object' && isBlob(body)) {
    return streamBody(body.stream(), body.size, body.type === '' ? null : body.type)
  }
  // anything else fetch takes (FormData, an async iterable in Node), serialized as fetch would
  const carrier = new Response(body as ConstructorParameters<typeof Response>[0])
  if (carrier.body === null) return NO_BODY
  return streamBody(carrier.body, undefined, carrier.headers.get('content-type'))
}
