import { readProblem, type FieldError } from '../shared/problem.ts'
import { curlCommandOf } from './curl-command.ts'
import type { RecordedEntry } from './recorder.ts'

export type VerdictKind = 'valid' | 'invalid' | 'refused' | 'failed' | 'simulated'

export interface RecordedSummary {
  id: number
  time: string
  method: string
  url: string
  operationId: string | null
  status: number
  durationMs: number
  verdict: VerdictKind
  /** What the verdict says in words: `2 field errors`, `Unauthorized`. */
  reason: string
}

export interface RecordedDetail extends RecordedSummary {
  requestHeaders: Record<string, string>
  requestBody: string | null
  responseType: string | null
  responseBody: string | null
  errors: FieldError[]
  curl: string
}

/** Never shown, never copied: the inspector says only that they were sent. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie'])

const textOf = (body: string | Buffer | undefined): string | null =>
  body === undefined ? null : typeof body === 'string' ? body : body.toString('utf8')

const problemOf = (entry: RecordedEntry) =>
  readProblem(entry.responseType, textOf(entry.responseBody) ?? '')

/** Whether the request passed the document's checks, and if not, why, from its answer. */
function judge(entry: RecordedEntry): { verdict: VerdictKind; reason: string } {
  if (entry.status < 400) return { verdict: 'valid', reason: 'matches the document' }
  const problem = problemOf(entry)
  const title = problem?.title ?? String(entry.status)
  const detail = problem?.detail ?? ''
  if (detail.startsWith('Simulated by')) return { verdict: 'simulated', reason: detail }
  const errors = problem?.errors.length ?? 0
  if (errors > 0) {
    const count = errors === 1 ? '1 field error' : `${String(errors)} field errors`
    return { verdict: 'invalid', reason: count }
  }
  if ([400, 415].includes(entry.status)) return { verdict: 'invalid', reason: detail || title }
  if (entry.status >= 500) return { verdict: 'failed', reason: title }
  return { verdict: 'refused', reason: title }
}

export function summarize(entry: RecordedEntry): RecordedSummary {
  return {
    id: entry.id,
    time: new Date(entry.at).toISOString(),
    method: entry.method,
    url: entry.url,
    operationId: entry.operationId ?? null,
    status: entry.status,
    durationMs: Math.round(entry.durationMs * 10) / 10,
    ...judge(entry),
  }
}

/** One exchange in full; its curl command sends the request to `origin` (see curl-command.ts). */
export function describeEntry(entry: RecordedEntry, origin: string): RecordedDetail {
  const requestHeaders = Object.fromEntries(
    Object.entries(entry.headers).map(([name, value]) => [
      name,
      SECRET_HEADERS.has(name) ? '(sent, not shown)' : String(value),
    ]),
  )
  const requestBody = textOf(entry.requestBody)
  return {
    ...summarize(entry),
    requestHeaders,
    requestBody,
    responseType: entry.responseType ?? null,
    responseBody: textOf(entry.responseBody),
    errors: problemOf(entry)?.errors ?? [],
    curl: curlCommandOf(origin, { ...entry, body: requestBody }),
  }
}
