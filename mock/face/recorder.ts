import type { IncomingHttpHeaders } from 'node:http'
import { performance } from 'node:perf_hooks'
import type { CompiledOperation } from '../compile-operations.ts'
import type { ApiRequest, ApiResponse } from '../exchange.ts'
import { summarize, type RecordedSummary } from './recorded-views.ts'

/** How many API requests the inspector keeps, and how much of each body. */
export const RECORDED_REQUESTS = 500
export const RECORDED_BODY_BYTES = 32 * 1024

/** Requests of the mock's own pages (the data browser) carry it and are not recorded. */
export const UNRECORDED_HEADER = 'x-contacts-mock-face'

// where a request to record keeps its start time (res.locals is per request already)
const STARTED = 'recordingStartedAt'

/** One recorded exchange, as cheap to take as possible: references, copied only when large. */
export interface RecordedEntry {
  id: number
  at: number
  method: string
  url: string
  host: string
  operationId: string | undefined
  status: number
  durationMs: number
  headers: IncomingHttpHeaders
  requestBody: Buffer | undefined
  responseBody: string | Buffer | undefined
  responseType: string | undefined
  summary?: RecordedSummary
}

export interface Recorder {
  /** Marks a request to record (called for API requests only, before anything else runs). */
  stamp: (res: ApiResponse) => void
  /** Records the answer to a stamped request as it is sent; other requests are left alone. */
  note: (req: ApiRequest, res: ApiResponse, body: string) => void
  entries: () => RecordedEntry[]
  find: (id: number) => RecordedEntry | undefined
  /** Calls `listener` with each new request; returns the unsubscribe function. */
  subscribe: (listener: (summary: RecordedSummary) => void) => () => void
}

// A body larger than the bound is copied, truncated: the ring must not keep 500 large bodies.
const boundBuffer = (raw: unknown): Buffer | undefined => {
  if (!Buffer.isBuffer(raw) || raw.length === 0) return undefined
  return raw.length > RECORDED_BODY_BYTES ? Buffer.from(raw.subarray(0, RECORDED_BODY_BYTES)) : raw
}
const boundText = (text: string): string | Buffer =>
  text.length > RECORDED_BODY_BYTES ? Buffer.from(text.slice(0, RECORDED_BODY_BYTES)) : text

const contentTypeOf = (res: ApiResponse): string | undefined => {
  const value = res.getHeader('Content-Type')
  return value === undefined ? undefined : String(value)
}

/** The last 500 API requests in a ring, told to the inspector's live streams as they happen. */
export function createRecorder(size = RECORDED_REQUESTS): Recorder {
  const ring: (RecordedEntry | undefined)[] = new Array<RecordedEntry | undefined>(size)
  const listeners = new Set<(summary: RecordedSummary) => void>()
  let last = 0

  const record = (req: ApiRequest, res: ApiResponse, body: string): void => {
    const started = res.locals[STARTED] as number | undefined
    if (started === undefined) return
    res.locals[STARTED] = undefined
    if (req.headers[UNRECORDED_HEADER] !== undefined) return
    const durationMs = performance.now() - started
    const operation = res.locals['operation'] as CompiledOperation | undefined
    const entry: RecordedEntry = {
      id: ++last,
      at: Date.now() - durationMs,
      method: req.method ?? '',
      url: req.originalUrl,
      host: req.headers.host ?? '',
      operationId: operation?.operationId,
      status: res.statusCode,
      durationMs,
      headers: req.headers,
      requestBody: boundBuffer(req.body),
      responseBody: boundText(body),
      responseType: contentTypeOf(res),
    }
    ring[entry.id % size] = entry
    // the inspector is told after the answer is on its way, never before
    if (listeners.size > 0) {
      setImmediate(() => {
        const summary = summarize(entry)
        for (const tell of listeners) tell(summary)
      })
    }
  }

  return {
    stamp: (res) => {
      res.locals[STARTED] = performance.now()
    },
    note: record,
    entries: () => {
      const kept: RecordedEntry[] = []
      for (let id = Math.max(1, last - size + 1); id <= last; id++) {
        const entry = ring[id % size]
        if (entry?.id === id) kept.push(entry)
      }
      return kept
    },
    find: (id) => {
      const entry = ring[id % size]
      return entry?.id === id ? entry : undefined
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
