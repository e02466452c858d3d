// How the MCP server talks to the mock: over HTTP, to its admin API, its inspector's JSON and its
// Contacts API, whether the mock runs in this process or is one it attached to (--url). These are
// the mock's stable faces; nothing here reaches into its modules.
import type { Problem } from '../shared/problem.ts'

/** A tool's failure the agent reads: its message is the tool's answer (`isError`). */
export class ToolError extends Error {
  /** The mock's status, when the mock refused. */
  status: number | undefined
  constructor(message: string, status?: number, options?: ErrorOptions) {
    super(message, options)
    this.status = status
  }
}

export interface MockLink {
  /** `http://127.0.0.1:PORT`, without a trailing slash. */
  url: string
  /** The mock's --admin-token, sent to /__admin and the inspector when set. */
  adminToken?: string | undefined
}

export interface Answer {
  status: number
  headers: Headers
  text: string
}

/** How long one call to the mock may take: a fault rule's `hang` would otherwise hold a tool. */
export const CALL_TIMEOUT_MS = 30_000

export interface CallOptions {
  headers?: Record<string, string>
  body?: string
  signal?: AbortSignal | undefined
}

/** One request to the mock; a connection that fails is a ToolError naming the mock's URL. */
export async function callMock(
  link: MockLink,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const signals = [
    AbortSignal.timeout(CALL_TIMEOUT_MS),
    ...(options.signal ? [options.signal] : []),
  ]
  let response: Response
  try {
    response = await fetch(`${link.url}${path}`, {
      method,
      headers: options.headers,
      body: options.body,
      signal: AbortSignal.any(signals),
      redirect: 'manual',
    })
  } catch (error) {
    throw new ToolError(
      `The mock at ${link.url} did not answer ${method} ${path}: ${reasonOf(error)}`,
      undefined,
      { cause: error },
    )
  }
  return { status: response.status, headers: response.headers, text: await response.text() }
}

/** What a failed fetch says: its cause's code (ECONNRESET), else its message. */
export function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  if (error.name === 'TimeoutError') return `no answer within ${String(CALL_TIMEOUT_MS / 1000)} s`
  const cause: unknown = error.cause
  if (cause instanceof Error) {
    const code: unknown = Reflect.get(cause, 'code')
    return typeof code === 'string' ? `${code} (${cause.message})` : cause.message
  }
  return error.message
}

/** A problem+json answer in one line: `422 Unprocessable Content: 1 field is invalid (...)`. */
function problemLine(answer: Answer): string {
  let problem: Partial<Problem>
  try {
    problem = JSON.parse(answer.text) as Partial<Problem>
  } catch {
    return `${String(answer.status)}: ${answer.text.slice(0, 500)}`
  }
  const errors = (problem.errors ?? []).map((item) => `${item.field} ${item.message}`)
  return [
    `${String(answer.status)} ${problem.title ?? ''}: ${problem.detail ?? ''}`,
    ...(errors.length === 0 ? [] : [`(${errors.join('; ')})`]),
  ].join(' ')
}

/** A call to /__admin or the inspector's JSON: its answer's body, or a ToolError saying why not. */
export async function callAdmin<T = unknown>(
  link: MockLink,
  method: string,
  path: string,
  body?: unknown,
): Promise<T | undefined> {
  const answer = await callMock(link, method, path, {
    headers: {
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
      ...(link.adminToken !== undefined && { Authorization: `Bearer ${link.adminToken}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (answer.status >= 400) {
    throw new ToolError(`${method} ${path}: ${problemLine(answer)}`, answer.status)
  }
  return answer.text === '' ? undefined : (JSON.parse(answer.text) as T)
}
