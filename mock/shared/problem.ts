import type { ErrorRequestHandler } from 'express'
import { pathnameOf, type ApiRequest, type ApiResponse } from '../pipeline/exchange.ts'
import { sendReply, type ReplyHooks } from '../pipeline/reply/send-reply.ts'

// the charset said, as every text answer of the mock says it
const PROBLEM_TYPE = 'application/problem+json; charset=utf-8'

export interface FieldError {
  field: string
  message: string
}

const TITLES: Record<number, [slug: string, title: string]> = {
  400: ['bad-request', 'Bad Request'],
  401: ['unauthorized', 'Unauthorized'],
  403: ['forbidden', 'Forbidden'],
  404: ['not-found', 'Not Found'],
  405: ['method-not-allowed', 'Method Not Allowed'],
  408: ['request-timeout', 'Request Timeout'],
  409: ['conflict', 'Conflict'],
  413: ['payload-too-large', 'Payload Too Large'],
  415: ['unsupported-media-type', 'Unsupported Media Type'],
  422: ['validation', 'Unprocessable Content'],
  429: ['too-many-requests', 'Too Many Requests'],
  431: ['request-header-fields-too-large', 'Request Header Fields Too Large'],
  500: ['internal', 'Internal Server Error'],
  503: ['unavailable', 'Service Unavailable'],
  507: ['insufficient-storage', 'Insufficient Storage'],
}
/**
 * Problem types are paths of the mock (`/problems/validation`): RFC 9457 resolves a relative
 * `type` against the request's URL, so the link opens the page that explains it on whatever
 * host and port the mock runs, with no Host header copied into a body.
 */
export const PROBLEM_PATH = '/problems/'

/** Every problem type the mock sends: its status, its slug (the last part of `type`) and title. */
export const PROBLEM_TYPES: readonly { status: number; slug: string; title: string }[] =
  Object.entries(TITLES).map(([status, [slug, title]]) => ({ status: Number(status), slug, title }))

/** The one error type of the mock: every 4xx/5xx it sends is built from one of these. */
export class HttpError extends Error {
  readonly status: number
  readonly detail: string
  readonly errors: FieldError[] | undefined
  readonly headers: Record<string, string>

  constructor(
    status: number,
    detail: string,
    options: { errors?: FieldError[]; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(detail, { cause: options.cause })
    this.name = 'HttpError'
    this.status = status
    this.detail = detail
    this.errors = options.errors
    this.headers = options.headers ?? {}
  }
}

/** An RFC 9457 problem document, as every error answer of the mock carries it. */
export interface Problem {
  type: string
  title: string
  status: number
  detail: string
  instance?: string
  errors?: FieldError[]
}

/**
 * The problem document for `status`; also used where there is no Express response to send it
 * with (answers of the HTTP parser, requests that arrive while the mock stops).
 */
export function toProblem(
  status: number,
  detail: string,
  { instance, errors }: { instance?: string; errors?: FieldError[] } = {},
): Problem {
  const [slug, title] = TITLES[status] ?? ['error', 'Error']
  return {
    type: PROBLEM_PATH + slug,
    title,
    status,
    detail,
    ...(instance === undefined ? {} : { instance }),
    ...(errors ? { errors } : {}),
  }
}

export function sendProblem(
  req: ApiRequest,
  res: ApiResponse,
  error: HttpError,
  hooks: ReplyHooks = {},
): void {
  // the full path, also where a router is mounted below the root (the admin API)
  const instance = pathnameOf(req.originalUrl)
  const problem = toProblem(error.status, error.detail, { instance, errors: error.errors })
  const headers = { ...error.headers, 'Content-Type': PROBLEM_TYPE }
  sendReply(req, res, { status: error.status, headers, text: JSON.stringify(problem) }, hooks)
}

/** Errors thrown by Express and body-parser carry a 4xx `status`; anything else is our bug. */
function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error
  const status = (error as { status?: unknown } | null)?.status
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const detail =
      status === 413
        ? 'The body is larger than the server accepts.'
        : 'The request could not be read: ' + (error as Error).message
    return new HttpError(status, detail, { cause: error })
  }
  return new HttpError(500, 'The server failed to handle the request; nothing was changed.', {
    cause: error,
  })
}

/** Answers any error as a problem; what is not an HttpError is logged (a 5xx is our bug). */
export function answerError(
  error: unknown,
  req: ApiRequest,
  res: ApiResponse,
  { logError, hooks }: ProblemDeps,
): void {
  if (res.headersSent) {
    // too late for a problem: the client sees the answer cut short
    logError(error)
    res.destroy()
    return
  }
  const problem = toHttpError(error)
  if (problem.status >= 500) logError(error)
  sendProblem(req, res, problem, hooks)
}

export interface ProblemDeps {
  logError: (error: unknown) => void
  hooks: ReplyHooks
}

/** The same, as the last error handler of an Express app or router. */
export function createProblemHandler(
  logError: (error: unknown) => void = () => undefined,
  hooks: ReplyHooks = {},
): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error)
      return
    }
    answerError(error, req, res, { logError, hooks })
  }
}
