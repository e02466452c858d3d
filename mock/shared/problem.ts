// The one error type of the mock, and the one problem+json answer every error it sends is made of:
// by the core, by the pages, by the HTTP server for what its parser refuses, while it starts and
// while it stops.
import type { Reply } from './reply.ts'

/** As every text answer of the mock says it, with its charset. */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8'

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

/** The answer an error makes: its status and headers, and the problem document as JSON text. */
export function problemReply(error: HttpError, instance?: string): Reply {
  const [slug, title] = TITLES[error.status] ?? ['error', 'Error']
  const problem: Problem = {
    type: PROBLEM_PATH + slug,
    title,
    status: error.status,
    detail: error.detail,
    ...(instance === undefined ? {} : { instance }),
    ...(error.errors ? { errors: error.errors } : {}),
  }
  return {
    status: error.status,
    headers: { ...error.headers, 'Content-Type': PROBLEM_CONTENT_TYPE },
    text: JSON.stringify(problem),
  }
}

/**
 * What a problem the mock answered says, read back from the answer (the inspector's verdict, the
 * readable request log): undefined for any other answer. Only well-formed field errors are kept.
 */
export function readProblem(
  contentType: string | undefined,
  text: string,
): { title: string | undefined; detail: string | undefined; errors: FieldError[] } | undefined {
  if (contentType?.startsWith('application/problem+json') !== true) return undefined
  try {
    const { title, detail, errors } = JSON.parse(text) as Record<string, unknown>
    return {
      title: typeof title === 'string' ? title : undefined,
      detail: typeof detail === 'string' ? detail : undefined,
      errors: (Array.isArray(errors) ? (errors as (Partial<FieldError> | null)[]) : []).filter(
        (error): error is FieldError =>
          typeof error?.field === 'string' && typeof error.message === 'string',
      ),
    }
  } catch {
    // not JSON, or JSON's null
    return undefined
  }
}

/**
 * A body the mock cannot read, in the words of every transport: the server's body parser (its
 * errors, through toHttpError) and the fetch function's reader say the same.
 */
export function unreadableBody(status: number, reason: string, cause?: unknown): HttpError {
  const detail =
    status === 413
      ? 'The body is larger than the server accepts.'
      : `The request could not be read: ${reason}`
  return new HttpError(status, detail, { cause })
}

/** Errors of body parsers carry a 4xx `status`; anything else that is not an HttpError is our bug. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error
  const status = (error as { status?: unknown } | null)?.status
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return unreadableBody(status, (error as Error).message, error)
  }
  return new HttpError(500, 'The server failed to handle the request; nothing was changed.', {
    cause: error,
  })
}

/** A 422 lists at most this many field errors: a 100 KiB body of bad fields stays a small answer. */
export const MAX_FIELD_ERRORS = 50

/** The `errors` and `detail` of a 422 for these field errors, the unlisted ones counted. */
export function describeInvalidFields(errors: FieldError[]): {
  detail: string
  errors: FieldError[]
} {
  const count = errors.length
  const invalid = count === 1 ? '1 field is invalid' : `${String(count)} fields are invalid`
  const listed =
    count > MAX_FIELD_ERRORS ? ` (the first ${String(MAX_FIELD_ERRORS)} are listed)` : ''
  return {
    detail: `${invalid}${listed}; nothing was changed.`,
    errors: errors.slice(0, MAX_FIELD_ERRORS),
  }
}

/** The 422 for these field errors: described, and listed, as describeInvalidFields does. */
export function invalidFields(errors: FieldError[]): HttpError {
  const { detail, errors: listed } = describeInvalidFields(errors)
  return new HttpError(422, detail, { errors: listed })
}
