import type { Exchange, RequestHeaders } from '../pipeline/exchange.ts'
import { createNameRecord } from '../shared/name-record.ts'
import type { Reply } from '../shared/reply.ts'
import { summarize, type RecordedSummary } from './recorded-views.ts'

/** How many API requests the inspector keeps, and how much of each body. */
export const RECORDED_REQUESTS = 500
export const RECORDED_BODY_BYTES = 32 * 1024

/** Requests of the mock's own pages (the data browser) carry it and are not recorded. */
export const UNRECORDED_HEADER = 'x-contacts-mock-face'

/** One recorded exchange, as the inspector reads it. */
export interface RecordedEntry {
  id: number
  at: number
  method: string
  url: string
  operationId: string | undefined
  status: number
  durationMs: number
  /** Names in lower case. */
  headers: Readonly<Record<string, string | string[]>>
  requestBody: Buffer | undefined
  responseBody: string | Buffer | undefined
  responseType: string | undefined
}

export interface Recorder {
  /**
   * Records an exchange as its answer leaves, a life-cycle listener: the API's requests and
   * unknown paths (those with CORS), not preflights nor the admin API's.
   */
  note: (exchange: Exchange, reply: Readonly<Reply>) => void
  entries: () => RecordedEntry[]
  find: (id: number) => RecordedEntry | undefined
  /** Forgets what was recorded so far; ids go on from the last one (a stream's `after` holds). */
  clear: () => void
  /** Calls `listener` with each new request; returns the unsubscribe function. */
  subscribe: (listener: (summary: RecordedSummary) => void) => () => void
}

// A body larger than the bound is copied, truncated: the ring must not keep 500 large bodies.
const boundBuffer = (raw: Uint8Array | boolean | undefined): Buffer | undefined => {
  if (!(raw instanceof Uint8Array) || raw.length === 0) return undefined
  if (raw.length > RECORDED_BODY_BYTES) return Buffer.from(raw.subarray(0, RECORDED_BODY_BYTES))
  return Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.length)
}
const boundText = (text: string): string | Buffer =>
  text.length > RECORDED_BODY_BYTES ? Buffer.from(text.slice(0, RECORDED_BODY_BYTES)) : text

/**
 * A place in the ring, reused when the ring comes round. Every minor garbage collection copies the
 * young objects the ring keeps: a slot is allocated once and keeps the request's URL and headers
 * as one string. With a new entry per request, keeping them as objects, fetch one ran at 0.89x the
 * requests/s of `--no-inspector` (bench/).
 */
interface Slot extends Omit<RecordedEntry, 'url' | 'headers'> {
  /** The URL, then the raw header names and values: NUL-separated (the parser refuses NUL). */
  request: string
}

const SEPARATOR = '\u0000'

/** The request's headers as name and value after name and value. */
function flatHeaders(headers: RequestHeaders, parts: string[]): void {
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    for (const one of Array.isArray(value) ? value : [value]) parts.push(name, one)
  }
}

/**
 * Header names in lower case; a repeated header's values joined, as Node joins most of them. The
 * names are the client's: `constructor` or `__proto__` are kept as sent (no prototype).
 */
function headersOf(raw: readonly string[]): Record<string, string | string[]> {
  const headers = createNameRecord<string | string[]>()
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = (raw[index] ?? '').toLowerCase()
    const value = raw[index + 1] ?? ''
    const known = headers[name]
    if (known === undefined) headers[name] = name === 'set-cookie' ? [value] : value
    else headers[name] = Array.isArray(known) ? [...known, value] : `${known}, ${value}`
  }
  return headers
}

function viewOf({ request, ...slot }: Slot): RecordedEntry {
  const [url = '', ...raw] = request.split(SEPARATOR)
  return { ...slot, url, headers: headersOf(raw) }
}

/** The last 500 API requests in a ring, told to the inspector's live streams as they happen. */
export function createRecorder(size = RECORDED_REQUESTS): Recorder {
  const ring: (Slot | undefined)[] = new Array<Slot | undefined>(size)
  const listeners = new Set<(summary: RecordedSummary) => void>()
  const parts: string[] = []
  let last = 0
  // ids up to this one were cleared: their slots are left to be reused, never shown again
  let cleared = 0

  const record = (x: Exchange, reply: Readonly<Reply>): void => {
    const { request } = x
    const shown = x.cors === true && request.method !== 'OPTIONS'
    if (!shown || request.headers[UNRECORDED_HEADER] !== undefined) return
    const id = ++last
    const slot: Slot = ring[id % size] ?? {
      id,
      at: 0,
      method: '',
      request: '',
      operationId: undefined,
      status: 0,
      durationMs: 0,
      requestBody: undefined,
      responseBody: undefined,
      responseType: undefined,
    }
    parts.length = 0
    parts.push(request.originalUrl ?? request.url)
    if (request.rawHeaders) for (const part of request.rawHeaders) parts.push(part)
    else flatHeaders(request.headers, parts)
    slot.id = id
    slot.at = performance.timeOrigin + x.startedAt
    slot.method = request.method
    slot.request = parts.join(SEPARATOR)
    slot.operationId = x.target?.operation.operationId
    slot.status = reply.status
    slot.durationMs = performance.now() - x.startedAt
    slot.requestBody = boundBuffer(x.received)
    slot.responseBody = boundText(reply.text)
    slot.responseType = reply.headers['Content-Type']
    ring[id % size] = slot
    // the inspector is told after the answer is on its way, never before
    if (listeners.size > 0) {
      if (untold.length === 0) setImmediate(tellUntold)
      untold.push(id)
    }
  }

  // The requests of one turn of the event loop are told together: a stream writes them at once.
  const untold: number[] = []
  const tellUntold = (): void => {
    const ids = untold.splice(0)
    for (const id of ids) {
      const slot = ring[id % size]
      // a ring that came round 500 requests within one turn of the event loop: told no more
      if (slot?.id !== id || id <= cleared) continue
      const summary = summarize(viewOf(slot))
      for (const tell of listeners) tell(summary)
    }
  }

  const find = (id: number): RecordedEntry | undefined => {
    const slot = ring[id % size]
    return slot?.id === id && id > cleared ? viewOf(slot) : undefined
  }

  return {
    note: record,
    entries: () => {
      const kept: RecordedEntry[] = []
      for (let id = Math.max(1, last - size + 1, cleared + 1); id <= last; id++) {
        const entry = find(id)
        if (entry) kept.push(entry)
      }
      return kept
    },
    find,
    clear: () => {
      cleared = last
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
