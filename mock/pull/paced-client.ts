// The pull's one way to read a deployment: GET requests with the token, at most `rate` a second
// and CONCURRENCY at a time, no more than `maxRequests` in all and nothing after the deadline. A
// dropped connection is sent again after a growing wait, a bounded number of times; a 429 (after
// its Retry-After) or a 5xx is sent again too; each of them makes every request wait a while and
// halves the rate, which then grows back.
import { setTimeout as sleep } from 'node:timers/promises'

/** Requests in flight at once: enough to hide a deployment's latency, few enough to be polite. */
const CONCURRENCY = 8
/** Tries of one request (the first included) before the pull gives up on it. */
export const ATTEMPTS = 6
/** The first wait after a failed try; each next one doubles, up to MAX_BACKOFF_MS. */
const BACKOFF_MS = 200
const MAX_BACKOFF_MS = 10_000
/** A request with no answer for this long is taken as a dropped connection. */
const REQUEST_TIMEOUT_MS = 30_000

/** Why a pull stopped, in one line a user can act on. */
export class PullError extends Error {
  override name = 'PullError'
}

/** The whole pull's time ran out (--timeout). */
export class DeadlineError extends PullError {
  override name = 'DeadlineError'
}

export interface ClientOptions {
  baseUrl: string
  token: string
  maxRequests: number
  /** Requests per second at most. */
  rate: number
  /** The whole pull's time. */
  timeoutMs: number
  /** A line about a retry or a slow-down, for the user (never with the token). */
  onNote?: (line: string) => void
}

/** An answer the caller reads: 2xx with its JSON, or a 4xx it decides about (401, 403, 404). */
export interface Answer {
  status: number
  body: unknown
}

export interface PacedClient {
  get: (path: string, query?: readonly (readonly [string, string])[]) => Promise<Answer>
  /** Requests sent so far, retries included. */
  readonly sent: () => number
  /** The pull is over: what is still waiting or in flight stops. */
  close: () => void
}

/** Retry-After in milliseconds: delay-seconds or an HTTP date (RFC 9110 §10.2.3); else none. */
function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/** What a failed try says, for the last line: the code Node gives a reset, a refusal… */
function causeOf(error: unknown): string {
  const cause: unknown = error instanceof Error ? error.cause : undefined
  const code: unknown = cause instanceof Error ? Reflect.get(cause, 'code') : undefined
  if (typeof code === 'string') return code
  return cause instanceof Error
    ? cause.message
    : error instanceof Error
      ? error.message
      : String(error)
}

const secondsOf = (ms: number): string => `${(ms / 1000).toFixed(1)} s`

export function createPacedClient(options: ClientOptions): PacedClient {
  const {
    baseUrl,
    token,
    maxRequests,
    rate: targetRate,
    timeoutMs,
    onNote = () => undefined,
  } = options
  // aborted at the deadline, or when the pull ends (a failure elsewhere): every wait and every
  // request in flight stops with it, so that a failed pull exits at once
  const ended = new AbortController()
  const timer = setTimeout(() => {
    ended.abort(new DeadlineError(`it reached its --timeout of ${secondsOf(timeoutMs)}`))
  }, timeoutMs)
  let sent = 0
  let rate = targetRate
  /** When the next request may leave: one every 1/rate seconds. */
  let nextSlot = performance.now()
  /** No request leaves before this (a Retry-After, a 5xx's backoff). */
  let pausedUntil = 0
  let inFlight = 0
  const waiting: (() => void)[] = []

  /** Why the pull ended: the deadline, or its end elsewhere. */
  const endedBy = (): PullError =>
    ended.signal.reason instanceof PullError ? ended.signal.reason : new PullError('it was stopped')

  /** Waits `ms`, unless the pull ends first. */
  async function wait(ms: number): Promise<void> {
    if (ms <= 0) return
    try {
      await sleep(ms, undefined, { signal: ended.signal })
    } catch {
      throw endedBy()
    }
  }

  /** A try again goes first: a request that keeps failing fails soon, not after all others. */
  async function takeSlot(again: boolean): Promise<void> {
    if (inFlight >= CONCURRENCY) {
      await new Promise<void>((resolve) =>
        again ? waiting.unshift(resolve) : waiting.push(resolve),
      )
    }
    inFlight++
    try {
      const now = performance.now()
      const at = Math.max(now, nextSlot, pausedUntil)
      nextSlot = at + 1000 / rate
      await wait(at - now)
      if (ended.signal.aborted) throw endedBy()
      if (sent >= maxRequests) {
        throw new PullError(`it reached --max-requests ${String(maxRequests)}`)
      }
      sent++
    } catch (error) {
      releaseSlot()
      throw error
    }
  }

  function releaseSlot(): void {
    inFlight--
    waiting.shift()?.()
  }

  /**
   * A dropped connection, a 429 or a 5xx: everyone waits, and the rate halves, once for the
   * answers that come in while the others already wait.
   */
  function slowDown(pauseMs: number, why: string): void {
    const before = rate
    const now = performance.now()
    if (now >= pausedUntil) rate = Math.max(1, rate / 2)
    pausedUntil = Math.max(pausedUntil, now + pauseMs)
    const slower =
      rate === before
        ? ''
        : `, then ${String(Math.round(rate))} requests/s (was ${String(Math.round(before))})`
    onNote(`${why}: waiting ${secondsOf(pauseMs)}${slower}`)
  }

  /** Back towards the rate asked for, a twentieth of it per answer. */
  function speedUp(): void {
    rate = Math.min(targetRate, rate + targetRate / 20)
  }

  async function tryOnce(url: URL): Promise<Response> {
    const signal = AbortSignal.any([ended.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)])
    const response = await fetch(url, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      signal,
    })
    // read here, so that a connection dropped in the middle of a body is a failed try too
    const text = await response.text()
    return new Response(text, { status: response.status, headers: response.headers })
  }

  async function get(
    path: string,
    query: readonly (readonly [string, string])[] = [],
  ): Promise<Answer> {
    const url = new URL(baseUrl + path)
    for (const [name, value] of query) url.searchParams.append(name, value)
    const what = `GET ${path}`
    let problem = ''
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const backoff = Math.min(MAX_BACKOFF_MS, BACKOFF_MS * 2 ** (attempt - 1))
      await takeSlot(attempt > 1)
      let response: Response
      try {
        response = await tryOnce(url)
      } catch (error) {
        if (ended.signal.aborted) throw endedBy()
        problem = `the connection failed (${causeOf(error)})`
        slowDown(backoff, `${what}: ${problem}`)
        if (attempt < ATTEMPTS) await wait(backoff)
        continue
      } finally {
        releaseSlot()
      }
      const { status } = response
      if (status === 429 || status >= 500) {
        problem = `the deployment answered ${String(status)}`
        const asked = retryAfterMs(response.headers.get('Retry-After'), Date.now())
        slowDown(asked ?? backoff, `${what}: ${problem}`)
        if (attempt < ATTEMPTS) await wait(asked ?? backoff)
        continue
      }
      speedUp()
      const text = await response.text()
      let body: unknown
      try {
        body = text === '' ? undefined : JSON.parse(text)
      } catch {
        throw new PullError(`${what} answered ${String(status)} with a body that is not JSON`)
      }
      return { status, body }
    }
    throw new PullError(`${what}: ${problem}, ${String(ATTEMPTS)} times`)
  }

  return {
    get,
    sent: () => sent,
    close: () => {
      clearTimeout(timer)
      if (!ended.signal.aborted) ended.abort(new PullError('the pull ended'))
    },
  }
}
