// The request log as a person reads it on a terminal: one short line per request, as Prism and
// json-server print, instead of pino's JSON (which stays the format of a pipe or a file).
import { readProblem } from '../shared/problem.ts'
import type { Reply } from '../shared/reply.ts'
import type { LogLine } from './request-log.ts'

/** Which format the request log takes: `json` for a machine, `pretty` for a person. */
export type LogFormat = 'json' | 'pretty'

/** The format asked for, else pretty on a terminal and JSON on a pipe or a file. */
export function chooseLogFormat(
  asked: LogFormat | undefined,
  isTTY: boolean | undefined,
): LogFormat {
  return asked ?? (isTTY === true ? 'pretty' : 'json')
}

/**
 * Colours only on a terminal, and never with NO_COLOR set to anything but '' (no-color.org) nor
 * on a terminal that says it has none (TERM=dumb).
 */
export function chooseColours(isTTY: boolean | undefined, env: NodeJS.ProcessEnv): boolean {
  const noColor = env['NO_COLOR']
  return isTTY === true && (noColor === undefined || noColor === '') && env['TERM'] !== 'dumb'
}

// A UUID anywhere in the path (an org, a contact, a user relationship): 36 characters that make a
// line wrap and say nothing at a glance.
const UUID = /[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}/gi

/** The path with every UUID cut to its first 8 characters and `…`. */
export function shortenIds(path: string): string {
  return path.replace(UUID, (id) => `${id.slice(0, 8)}…`)
}

/**
 * What a 4xx problem says first: its first field error (`contact[first_name]: is required`), else
 * its detail. Never a header, so never a token; undefined for any other answer.
 */
export function firstProblemOf(
  reply: Pick<Reply, 'status' | 'headers' | 'text'>,
): string | undefined {
  if (reply.status < 400 || reply.status >= 500) return undefined
  const type = reply.headers['Content-Type'] ?? reply.headers['content-type']
  const problem = readProblem(type, reply.text)
  const first = problem?.errors[0]
  return first ? `${first.field}: ${first.message}` : problem?.detail
}

export interface RequestEntry {
  /** When the answer left. */
  at: Date
  method: string
  url: string
  status: number
  ms: number
  /** What a 4xx says first. */
  problem?: string | undefined
}

const paint = (code: string, text: string): string => `\u001b[${code}m${text}\u001b[0m`
const STATUS_COLOURS: Record<number, string> = { 2: '32', 3: '36', 4: '33', 5: '31' }

/** `17:02:03.120 POST /api/v1/orgs/3f2c1b7e…/contacts 422 3.1 ms  contact[first_name]: is required` */
export function formatRequestLine(entry: RequestEntry, colours: boolean): string {
  // the local time of day, as toTimeString writes it (`17:02:03 GMT+0100 …`), to the millisecond
  const { at } = entry
  const time = `${at.toTimeString().slice(0, 8)}.${String(at.getMilliseconds()).padStart(3, '0')}`
  const status = String(entry.status)
  const statusColour = STATUS_COLOURS[Math.floor(entry.status / 100)]
  const parts = [
    colours ? paint('2', time) : time,
    colours ? paint('1', entry.method) : entry.method,
    shortenIds(entry.url),
    colours && statusColour !== undefined ? paint(statusColour, status) : status,
    `${entry.ms.toFixed(1)} ms`,
  ]
  const line = parts.join(' ')
  return entry.problem === undefined ? `${line}\n` : `${line}  ${entry.problem}\n`
}

/** The readable request log: each answer's line, written as it leaves. */
export function readableLogLineOf(write: (line: string) => void, colours: boolean): LogLine {
  return (method, url, status, started, reply) => {
    write(
      formatRequestLine(
        {
          at: new Date(),
          method,
          url,
          status,
          ms: performance.now() - started,
          problem: reply && firstProblemOf(reply),
        },
        colours,
      ),
    )
  }
}

/**
 * The mock's own errors (pino's JSON lines, rare) as one readable line and the stack under it:
 * beside the readable request log, a JSON line would be the only one a person cannot read.
 */
export function readableErrorsOf(write: (line: string) => void): (json: string) => void {
  return (json) => {
    let record: Record<string, unknown>
    try {
      record = JSON.parse(json) as Record<string, unknown>
    } catch {
      write(json)
      return
    }
    const { level: _level, time: _time, msg, err, ...rest } = record
    const head = typeof msg === 'string' ? msg : 'error'
    const more = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : ''
    const { stack } = (err ?? {}) as { stack?: unknown }
    const trace = typeof stack === 'string' ? `\n${stack}` : ''
    write(`${new Date().toISOString()} ERROR ${head}${more}${trace}\n`)
  }
}
