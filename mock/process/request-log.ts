import { write, writeSync } from 'node:fs'
import type { Logger } from 'pino'
import type { Reply } from '../shared/reply.ts'

/**
 * Writes one line of the request log: method, URL, status, and milliseconds since `started`; the
 * core's reply, when there is one, for what a 4xx says.
 */
export type LogLine = (
  method: string,
  url: string,
  status: number,
  started: number,
  reply?: Reply,
) => void

/**
 * One line per request, written when its answer leaves. Never the headers (they carry the bearer
 * token). No logger per request: this runs on every request.
 */
export function logLineOf(logger: Logger): LogLine {
  return (method, url, status, started) => {
    const ms = Math.round((performance.now() - started) * 10) / 10
    logger.info({ method, url, status, ms })
  }
}

/** Where the request log goes: pino writes each line to it. */
export interface LogDestination {
  write: (line: string) => void
  /**
   * Writes what is left, waiting `withinMs` at most for the file to take it: resolves with what
   * to say on stderr when lines were dropped (once), else undefined.
   */
  close: (withinMs: number) => Promise<string | undefined>
  /** The same without waiting, for an exit that cannot wait: one try at what is left. */
  closeNow: () => string | undefined
}

export interface LogDestinationOptions {
  fd?: number
  /** Lines leave in writes of this size under load... */
  batchBytes?: number
  /** ...and within this long when it is light. */
  flushMs?: number
  /** What may wait for a file that takes nothing (a pipe nobody reads); later lines are dropped. */
  queuedBytes?: number
  /** How long to wait before trying again a file that took nothing (EAGAIN). */
  retryMs?: number
}

const countLines = (bytes: Buffer): number => {
  let lines = 0
  for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) lines++
  return lines
}

/**
 * Lines leave in 4 KB batches under load and within 100 ms when it is light: a write to stdout per
 * line or two cost ~3% of the req/s of fetches and of the mix with writes (alternated rounds, 3
 * and 4). Writing never holds up an answer nor an exit: when stdout takes nothing (a pipe whose
 * reader is stuck), at most `queuedBytes` wait, later lines are dropped, and the exit drops what is
 * left after its bound, counting every dropped line (pino's own destination retried EAGAIN at
 * exit without end: SIGTERM, and a second one, left the process waiting forever).
 */
export function createLogDestination(options: LogDestinationOptions = {}): LogDestination {
  const { fd = 1, batchBytes = 4096, flushMs = 100, queuedBytes = 4 << 20, retryMs = 10 } = options
  let pending = ''
  let pendingLines = 0
  // the batch being written: `offset` bytes of it are out
  let batch: { bytes: Buffer; offset: number } | undefined
  let busy = false // an fs.write of the batch is under way
  let dropped = 0
  let failure: string | undefined
  let timer: NodeJS.Timeout | undefined
  let settled: (() => void) | undefined

  const dropAll = (): void => {
    dropped += pendingLines + (batch ? countLines(batch.bytes.subarray(batch.offset)) : 0)
    pending = ''
    pendingLines = 0
    batch = undefined
  }
  const writeBatch = (): void => {
    const current = batch
    if (current === undefined || failure !== undefined) return
    busy = true
    write(
      fd,
      current.bytes,
      current.offset,
      current.bytes.length - current.offset,
      null,
      (error, n) => {
        busy = false
        if (failure !== undefined) return
        if (error?.code === 'EAGAIN') {
          setTimeout(writeBatch, retryMs).unref()
          return
        }
        if (error) {
          failure = `stdout failed (${error.code ?? error.message})`
          dropAll()
        } else if ((current.offset += n) < current.bytes.length) {
          writeBatch()
          return
        } else {
          batch = undefined
          schedule()
        }
        settled?.()
      },
    )
  }
  const send = (): void => {
    clearTimeout(timer)
    timer = undefined
    if (batch !== undefined || pending === '' || failure !== undefined) return
    batch = { bytes: Buffer.from(pending), offset: 0 }
    pending = ''
    pendingLines = 0
    writeBatch()
  }
  const schedule = (): void => {
    if (batch !== undefined || pending === '') return
    if (pending.length >= batchBytes) send()
    else timer ??= setTimeout(send, flushMs).unref()
  }
  const noteOf = (): string | undefined =>
    dropped === 0
      ? undefined
      : `${String(dropped)} request-log ${dropped === 1 ? 'line was' : 'lines were'} dropped: ${failure ?? 'stdout was not read'}.`

  return {
    write: (line) => {
      if (failure !== undefined || pending.length > queuedBytes) {
        dropped++
        return
      }
      pending += line
      pendingLines++
      schedule()
    },
    close: (withinMs) =>
      new Promise((resolve) => {
        const finish = (): void => {
          clearTimeout(deadline)
          settled = undefined
          resolve(noteOf())
        }
        const deadline = setTimeout(() => {
          failure ??= 'stdout was not read'
          dropAll()
          finish()
        }, withinMs)
        settled = () => {
          if (batch === undefined && pending === '') finish()
          else send()
        }
        settled()
      }),
    closeNow: () => {
      clearTimeout(timer)
      // a write under way has the batch: nothing may go before it ends
      if (!busy && failure === undefined && (batch !== undefined || pending !== '')) {
        const left = batch?.bytes.subarray(batch.offset) ?? Buffer.alloc(0)
        batch = { bytes: Buffer.concat([left, Buffer.from(pending)]), offset: 0 }
        pending = ''
        pendingLines = 0
        try {
          while (batch.offset < batch.bytes.length) {
            batch.offset += writeSync(fd, batch.bytes, batch.offset)
          }
        } catch {
          // EAGAIN (nobody reads) or worse: what did not go is counted below
        }
      }
      dropAll()
      return noteOf()
    },
  }
}
