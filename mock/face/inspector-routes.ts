import type { Request, Response } from 'express'
import { HttpError } from '../problem.ts'
import { originOf } from './curl-command.ts'
import { describeEntry, summarize, type RecordedSummary } from './recorded-views.ts'
import type { Recorder } from './recorder.ts'

/** A stream ends after this long and the page reconnects: a stopping mock never waits on one. */
const STREAM_MS = 15_000

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
export function createInspectorRoutes(recorder: Recorder, streamMs = STREAM_MS) {
  return {
    list: (_req: Request, res: Response): void => {
      res.set(noStore).json({ requests: recorder.entries().map(summarize) })
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
      const tell = (summary: RecordedSummary): void => {
        res.write(`id: ${String(summary.id)}\nevent: request\ndata: ${JSON.stringify(summary)}\n\n`)
      }
      res.write('retry: 500\n\n')
      for (const entry of recorder.entries()) if (entry.id > after) tell(summarize(entry))
      const unsubscribe = recorder.subscribe(tell)
      const end = setTimeout(() => res.end(), streamMs)
      res.on('close', () => {
        clearTimeout(end)
        unsubscribe()
      })
    },
  }
}
