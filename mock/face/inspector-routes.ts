import type { Request, Response } from 'express'
import { HttpError } from '../shared/problem.ts'
import { originOf } from './curl-command.ts'
import { describeEntry, summarize, type RecordedSummary } from './recorded-views.ts'
import type { Recorder } from './recorder.ts'

/**
 * A stream ends after 15 s, or once 256 KiB were written to it (a few hundred events), and the
 * page asks again for what came after the last event it read: what waits for a client, in the
 * process and in the kernel, is never more than that. A bound on what waits in the process alone
 * is not enough: the kernel takes up to 4 MiB a socket, and 300 clients that did not read had
 * 1.1 GB queued there, with answers 2.5x slower while it was written.
 */
export const STREAM_LIMITS = {
  ms: 15_000,
  bytes: 256 * 1024,
  /** How long the end of a stream may wait for the client to take it; then it is reset. */
  endMs: 5_000,
}

const numberParam = (value: unknown, name: string): number => {
  if (value === undefined) return 0
  const number = Number(value)
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value) || !Number.isSafeInteger(number)) {
    throw new HttpError(400, `${name} must be a whole number of at least 0.`, {
      errors: [{ field: name, message: 'must be a whole number of at least 0' }],
    })
  }
  return number
}

const noStore = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' }

/** The inspector's data: what was recorded, one exchange in full, and the live stream. */
export function createInspectorRoutes(recorder: Recorder, limits = STREAM_LIMITS) {
  return {
    list: (_req: Request, res: Response): void => {
      res.set(noStore).json({ requests: recorder.entries().map(summarize) })
    },
    /** The page's Clear button: what was recorded so far is forgotten, for every page. */
    clear: (_req: Request, res: Response): void => {
      recorder.clear()
      res.set(noStore).status(204).end()
    },
    one: (req: Request, res: Response): void => {
      const entry = recorder.find(numberParam(req.params['id'], 'id'))
      if (entry === undefined) {
        throw new HttpError(404, 'No such recorded request: only the last 500 are kept.')
      }
      res.set(noStore).json(describeEntry(entry, originOf(req)))
    },
    /** Server-sent events: first what came after `?after=<id>`, then each request as it happens. */
    events: (req: Request, res: Response): void => {
      const after = numberParam(req.query['after'], 'after')
      res.writeHead(200, {
        ...noStore,
        'Content-Type': 'text/event-stream; charset=utf-8',
        Connection: 'keep-alive',
      })
      followRecorder(recorder, res, after, limits)
    },
  }
}

// The recorder tells every stream the same summary in turn: it is written out once, not 300 times.
let told: { summary: RecordedSummary; event: string } | undefined
function eventOf(summary: RecordedSummary): string {
  if (told?.summary !== summary) {
    const event = `id: ${String(summary.id)}\nevent: request\ndata: ${JSON.stringify(summary)}\n\n`
    told = { summary, event }
  }
  return told.event
}

/**
 * Writes each recorded request after `after` to `res`, until the stream has had its time or its
 * bytes; never a write after that. A client that does not take the end in time is reset, which
 * frees at once what the kernel still holds for it.
 */
function followRecorder(
  recorder: Recorder,
  res: Response,
  after: number,
  limits: typeof STREAM_LIMITS,
): void {
  let following = true
  let written = 0
  const leave = (): void => {
    if (!following) return
    following = false
    clearTimeout(timer)
    unsubscribe()
  }
  const stop = (): void => {
    leave()
    if (res.writableEnded || res.destroyed) return
    res.end()
    const giveUp = setTimeout(() => {
      if (res.socket) res.socket.resetAndDestroy()
      else res.destroy()
    }, limits.endMs).unref()
    const taken = (): void => {
      clearTimeout(giveUp)
    }
    res.once('finish', taken)
    res.once('close', taken)
  }
  const tell = (summary: RecordedSummary): void => {
    if (!following) return
    const event = eventOf(summary)
    if (res.writableCorked === 0) {
      // the events told in this turn of the event loop leave in one write
      res.cork()
      process.nextTick(() => {
        res.uncork()
      })
    }
    res.write(event)
    written += event.length
    if (written >= limits.bytes) stop()
  }
  const timer = setTimeout(stop, limits.ms)
  // events come after this turn of the event loop: never before what was recorded already
  const unsubscribe = recorder.subscribe(tell)
  // 'close' alone when the client goes away; no event at all while it reads nothing
  res.once('close', leave)
  res.once('error', leave)
  res.write('retry: 500\n\n')
  for (const entry of recorder.entries()) if (entry.id > after) tell(summarize(entry))
}
