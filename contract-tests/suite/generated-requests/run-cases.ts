// Sends the generated requests and judges each answer with the suite's own matchers: a valid
// request is 2xx and matches the document; a broken one is the documented problem naming exactly
// its field. A failing case is one line; the first one is also shown in full.
import { expect } from '../support/test-api.ts'
import { call, type ApiResponse, type Method, type RequestOptions } from '../support/api.ts'
import { describeRequest } from '../support/describe.ts'
import type { RequestCase } from './request-case.ts'
import { isJson } from './schema-view.ts'

/** Requests in flight at once: fast against a remote target, gentle on a small one. */
const CONCURRENCY = 4
/** Failing cases listed one per line; the rest are counted. */
const MAX_LINES = 12
/** Lines of the first failure shown in full. */
const MAX_DETAIL_LINES = 12

export interface CaseOutcome {
  label: string
  /** Undefined when the answer is the documented one. */
  failure: { line: string; detail: string } | undefined
}

/** The first finding of a matcher's message (`  - expected status 422, got 201`). */
const firstFinding = (message: string): string =>
  /^ {2}- (.+)$/m.exec(message)?.[1] ?? message.split('\n')[0] ?? message

/** Runs `check`, returning its failure message, or undefined when it passes. */
function failureOf(check: () => void): string | undefined {
  try {
    check()
    return undefined
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

/** `contact[birthday]: is not a real date-time`: what a refused valid request was told. */
function errorsOf(res: ApiResponse): string {
  const errors = (res.body as { errors?: unknown } | undefined)?.errors
  if (!Array.isArray(errors) || errors.length === 0) return ''
  const text = (value: unknown): string =>
    typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value)
  const named = errors
    .slice(0, 3)
    .map((item: unknown) =>
      isJson(item) ? `${text(item['field'])} ${text(item['message'])}` : text(item),
    )
  return ` (${named.join('; ')})`
}

function judge({ refusal }: RequestCase, res: ApiResponse): CaseOutcome['failure'] {
  // a valid request's answer is checked against the document whatever its status
  const message = failureOf(() => {
    if (refusal === undefined) expect(res).toMatchDocument()
    else expect(res).toBeProblem(refusal.status, [refusal.field])
  })
  if (refusal === undefined && (res.status < 200 || res.status > 299)) {
    return {
      line: `expected 2xx, got ${String(res.status)}${errorsOf(res)}`,
      detail: `Expected a 2xx answer to a valid request\n${describeRequest(res)}`,
    }
  }
  return message === undefined ? undefined : { line: firstFinding(message), detail: message }
}

export interface CaseTarget {
  method: Method
  /** Where the broken requests go: one record of the run, shared (they must change nothing). */
  path: string
  /** Where a valid request goes: a record of its own (it may delete it). */
  freshPath: () => Promise<string>
  /** Sent with every request (the token, or none for a login). */
  options: RequestOptions
}

async function runCase(target: CaseTarget, item: RequestCase): Promise<CaseOutcome> {
  const path = item.refusal === undefined ? await target.freshPath() : target.path
  const res = await call(target.method, path, { ...target.options, ...item.request })
  return { label: item.label, failure: judge(item, res) }
}

/** Sends every case (a few at a time) and judges each answer; outcomes in the cases' order. */
export async function runCases(
  target: CaseTarget,
  cases: readonly RequestCase[],
): Promise<CaseOutcome[]> {
  const outcomes: CaseOutcome[] = []
  for (let start = 0; start < cases.length; start += CONCURRENCY) {
    const batch = cases.slice(start, start + CONCURRENCY)
    outcomes.push(...(await Promise.all(batch.map((item) => runCase(target, item)))))
  }
  return outcomes
}

/** The failing cases, one line each (bounded), and the first in full; undefined when none fails. */
export function formatFailures(
  what: string,
  seed: number,
  outcomes: readonly CaseOutcome[],
): string | undefined {
  const failed = outcomes.flatMap(({ label, failure }) =>
    failure === undefined ? [] : [{ label, ...failure }],
  )
  const [first] = failed
  if (first === undefined) return undefined
  const more = failed.length - MAX_LINES
  const detail = first.detail.split('\n')
  return [
    `${String(failed.length)} of ${String(outcomes.length)} ${what} were not answered as the document says (--seed ${String(seed)} draws the same ones):`,
    ...failed.slice(0, MAX_LINES).map(({ label, line }) => `  - ${label}: ${line}`),
    ...(more > 0 ? [`  … and ${String(more)} more`] : []),
    `The first one in full:`,
    ...detail.slice(0, MAX_DETAIL_LINES),
    ...(detail.length > MAX_DETAIL_LINES ? ['  …'] : []),
  ].join('\n')
}
