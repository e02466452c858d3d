// api_request and requests_recent: a request of the Contacts API sent as a user of a sandbox, and
// what the inspector recorded of the requests, with the document's verdict on each (the
// inspector's JSON: /__inspector/requests and /__inspector/requests/{id}).
import { randomUUID } from 'node:crypto'
import type { FieldError } from '../shared/problem.ts'
import { callAdmin, callMock, reasonOf, ToolError, type MockLink } from './mock-link.ts'
import { capText, cutText, MAX_BODY_BYTES, MAX_OUTPUT_BYTES, takeWithin } from './output-bounds.ts'
import type { Sandboxes } from './sandboxes.ts'
import type { RecordedSummary } from '../face/recorded-views.ts'
import {
  FIELD_ERRORS,
  JSON_TYPES,
  objectOf,
  SANDBOX_NAME,
  TRUNCATED,
  VERDICT,
  type JsonSchema,
} from './tool-schemas.ts'

/** The header that finds an api_request's record among the inspector's. */
const CALL_HEADER = 'x-contacts-mock-mcp-call'
/** Headers a tool call may not set: the transport's, and the inspector's own. */
const REFUSED_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
  CALL_HEADER,
  'x-contacts-mock-face',
])
/** How many field errors an item of requests_recent lists. */
const ERRORS_PER_REQUEST = 10

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const
type QueryValue = string | number | boolean

export interface ApiRequestInput {
  sandbox: string
  user?: string
  anonymous?: boolean
  method: (typeof METHODS)[number]
  path: string
  query?: Record<string, QueryValue | QueryValue[]>
  body?: unknown
  raw_body?: string
  content_type?: string
  headers?: Record<string, string>
}

const QUERY_VALUE: JsonSchema = { type: ['string', 'number', 'boolean'] }

export const API_REQUEST_INPUT = objectOf(
  {
    sandbox: SANDBOX_NAME,
    user: {
      type: 'string',
      description:
        'Which of its users sends it, by name (sandbox_create lists them); default the first.',
    },
    anonymous: { type: 'boolean', description: 'Send no token at all (to see the 401).' },
    method: { type: 'string', enum: METHODS },
    path: {
      type: 'string',
      pattern: '^/api/',
      maxLength: 2000,
      description:
        "A path of the Contacts API; {org_id} stands for the sandbox's org: /api/v1/orgs/{org_id}/contacts",
    },
    query: {
      type: 'object',
      description: 'Query parameters; a list repeats the name: {"include[]": ["deleted"]}.',
      additionalProperties: { anyOf: [QUERY_VALUE, { type: 'array', items: QUERY_VALUE }] },
    },
    body: { type: JSON_TYPES, description: 'A JSON body (sent as application/json).' },
    raw_body: {
      type: 'string',
      maxLength: 256 * 1024,
      description: 'A body sent as it is, with content_type (a form: contact[first_name]=Ann).',
    },
    content_type: {
      type: 'string',
      description: 'The Content-Type of raw_body (default application/x-www-form-urlencoded).',
    },
    headers: {
      type: 'object',
      description: 'More request headers (an Authorization here replaces the user’s token).',
      additionalProperties: { type: 'string' },
    },
  },
  ['sandbox', 'method', 'path'],
)

const VERDICT_OF_REQUEST: JsonSchema = {
  type: ['object', 'null'],
  description: 'What the inspector recorded: null when the mock records nothing (--no-inspector).',
  additionalProperties: false,
  required: ['verdict', 'reason', 'operation', 'errors'],
  properties: {
    verdict: VERDICT,
    reason: { type: 'string' },
    operation: { type: ['string', 'null'], description: 'The operationId it matched.' },
    errors: FIELD_ERRORS,
  },
}

export const API_REQUEST_OUTPUT = objectOf(
  {
    request: objectOf({ method: { type: 'string' }, url: { type: 'string' } }, ['method', 'url']),
    user: { type: ['string', 'null'], description: 'Whose token was sent.' },
    status: { type: ['integer', 'null'], description: 'Null when the connection broke.' },
    network_error: {
      type: ['string', 'null'],
      description: 'How the connection broke (a fault rule’s network fault), else null.',
    },
    headers: { type: 'object', additionalProperties: { type: 'string' } },
    body: {
      type: JSON_TYPES,
      description: 'The JSON body, parsed; null when not JSON or too large (see body_text).',
    },
    body_text: {
      type: ['string', 'null'],
      description: 'The body as text when it is not JSON, or its start when too large.',
    },
    body_bytes: { type: 'integer', minimum: 0 },
    truncated: TRUNCATED,
    verdict: VERDICT_OF_REQUEST,
  },
  [
    'request',
    'user',
    'status',
    'network_error',
    'headers',
    'body',
    'body_text',
    'body_bytes',
    'truncated',
    'verdict',
  ],
)

const recorded = async (link: MockLink): Promise<RecordedSummary[]> =>
  (await callAdmin<{ requests: RecordedSummary[] }>(link, 'GET', '/__inspector/requests'))
    ?.requests ?? []

async function errorsOf(link: MockLink, id: number): Promise<FieldError[]> {
  try {
    const detail = await callAdmin<{ errors: FieldError[] }>(
      link,
      'GET',
      `/__inspector/requests/${String(id)}`,
    )
    return detail?.errors ?? []
  } catch {
    // gone from the ring since the list was read
    return []
  }
}

/** The inspector's record of the request that carried `call`, among the last ones like it. */
async function verdictOf(link: MockLink, method: string, url: string, call: string) {
  let list: RecordedSummary[]
  try {
    list = await recorded(link)
  } catch {
    return null
  }
  const alike = list.filter((item) => item.method === method && item.url === url).reverse()
  for (const item of alike.slice(0, 5)) {
    const detail = await callAdmin<{
      requestHeaders: Record<string, string>
      errors: FieldError[]
    }>(link, 'GET', `/__inspector/requests/${String(item.id)}`).catch(() => undefined)
    if (detail?.requestHeaders[CALL_HEADER] === call) {
      return {
        verdict: item.verdict,
        reason: capText(item.reason),
        operation: item.operationId,
        errors: detail.errors.slice(0, 50),
      }
    }
  }
  return null
}

function urlOf(path: string, orgId: string, query: ApiRequestInput['query'] = {}): string {
  const url = new URL(path.replaceAll('{org_id}', orgId), 'http://mock')
  // the path must stay the API's: /api/../__admin/export would hand out every org's tokens
  if (!url.pathname.startsWith('/api/')) {
    throw new ToolError(`api_request sends Contacts API requests only (/api/...), not ${path}.`)
  }
  for (const [name, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value])
      url.searchParams.append(name, String(one))
  }
  return `${url.pathname}${url.search}`
}

/** The body as the agent reads it: parsed JSON, or text, within the bound. */
function bodyOf(text: string, type: string | null) {
  const bytes = Buffer.byteLength(text)
  if (bytes > MAX_BODY_BYTES) {
    return {
      body: null,
      body_text: cutText(text, MAX_BODY_BYTES),
      body_bytes: bytes,
      truncated: true,
    }
  }
  if (text !== '' && /[/+]json\b/.test(type ?? '')) {
    try {
      return {
        body: JSON.parse(text) as unknown,
        body_text: null,
        body_bytes: bytes,
        truncated: false,
      }
    } catch {
      // a body that says JSON and is not: the text shows it
    }
  }
  return { body: null, body_text: text === '' ? null : text, body_bytes: bytes, truncated: false }
}

export async function sendApiRequest(
  link: MockLink,
  sandboxes: Sandboxes,
  input: ApiRequestInput,
  signal: AbortSignal,
) {
  const sandbox = sandboxes.get(input.sandbox)
  const user =
    input.anonymous === true
      ? undefined
      : input.user === undefined
        ? sandbox.users[0]
        : sandbox.users.find((item) => item.name.toLowerCase() === input.user?.toLowerCase())
  if (input.anonymous !== true && user === undefined) {
    throw new ToolError(
      `Sandbox ${sandbox.name} has no user '${input.user ?? ''}': its users are ${sandbox.users.map((item) => item.name).join(', ')}.`,
    )
  }
  const extra = Object.entries(input.headers ?? {})
  const refused = extra.find(([name]) => REFUSED_HEADERS.has(name.toLowerCase()))
  if (refused) throw new ToolError(`api_request sets the ${refused[0]} header itself.`)
  if (input.body !== undefined && input.raw_body !== undefined) {
    throw new ToolError('Give body (JSON) or raw_body, not both.')
  }
  const url = urlOf(input.path, sandbox.org_id, input.query)
  const call = randomUUID()
  const body = input.raw_body ?? (input.body === undefined ? undefined : JSON.stringify(input.body))
  const headers: Record<string, string> = {
    ...(user && { Authorization: `Bearer ${user.token}` }),
    ...(input.raw_body !== undefined && {
      'Content-Type': input.content_type ?? 'application/x-www-form-urlencoded',
    }),
    ...(input.body !== undefined && { 'Content-Type': 'application/json' }),
    ...Object.fromEntries(extra),
    [CALL_HEADER]: call,
  }
  const request = { method: input.method, url }
  let answer
  try {
    answer = await callMock(link, input.method, url, { headers, body, signal })
  } catch (error) {
    if (!(error instanceof ToolError)) throw error
    return {
      request,
      user: user?.name ?? null,
      status: null,
      network_error: reasonOf(error.cause),
      headers: {},
      body: null,
      body_text: null,
      body_bytes: 0,
      truncated: false,
      verdict: await verdictOf(link, input.method, url, call),
    }
  }
  const answerHeaders = Object.fromEntries(
    [...answer.headers].map(([name, value]) => [name, capText(value)]),
  )
  return {
    request,
    user: user?.name ?? null,
    status: answer.status,
    network_error: null,
    headers: answerHeaders,
    ...bodyOf(answer.text, answer.headers.get('content-type')),
    verdict: await verdictOf(link, input.method, url, call),
  }
}

export interface RecentInput {
  sandbox?: string
  status?: number | string
  operation?: string
  verdict?: string
  limit?: number
}

export const REQUESTS_RECENT_INPUT = objectOf({
  sandbox: { ...SANDBOX_NAME, description: 'Only the requests of this sandbox’s org.' },
  status: {
    description: 'Only this status (422), or this class ("4xx").',
    anyOf: [
      { type: 'integer', minimum: 100, maximum: 599 },
      { type: 'string', pattern: '^[1-5]xx$' },
    ],
  },
  operation: { type: 'string', description: 'Only this operationId (createContact).' },
  verdict: VERDICT,
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
})

const RECORDED_REQUEST = objectOf(
  {
    id: { type: 'integer' },
    time: { type: 'string', format: 'date-time' },
    method: { type: 'string' },
    url: { type: 'string' },
    operation: { type: ['string', 'null'] },
    status: { type: 'integer' },
    duration_ms: { type: 'number' },
    verdict: VERDICT,
    reason: { type: 'string' },
    errors: FIELD_ERRORS,
    errors_total: { type: 'integer', minimum: 0 },
  },
  [
    'id',
    'time',
    'method',
    'url',
    'operation',
    'status',
    'duration_ms',
    'verdict',
    'reason',
    'errors',
    'errors_total',
  ],
)

export const REQUESTS_RECENT_OUTPUT = objectOf(
  {
    requests: { type: 'array', items: RECORDED_REQUEST, description: 'Newest first.' },
    matching: {
      type: 'integer',
      minimum: 0,
      description: 'How many of the recorded requests (the last 500) match.',
    },
    truncated: TRUNCATED,
  },
  ['requests', 'matching', 'truncated'],
)

const statusMatches = (status: number, wanted: number | string | undefined): boolean =>
  wanted === undefined ||
  (typeof wanted === 'number' ? status === wanted : wanted.startsWith(String(status)[0] ?? ''))

export async function recentRequests(link: MockLink, sandboxes: Sandboxes, input: RecentInput) {
  const org = input.sandbox === undefined ? undefined : sandboxes.get(input.sandbox).org_id
  const matching = (await recorded(link))
    .filter(
      (item) =>
        (org === undefined || item.url.startsWith(`/api/v1/orgs/${org}`)) &&
        statusMatches(item.status, input.status) &&
        (input.operation === undefined || item.operationId === input.operation) &&
        (input.verdict === undefined || item.verdict === input.verdict),
    )
    .reverse()
  const items = []
  for (const item of matching.slice(0, input.limit ?? 20)) {
    const errors = item.verdict === 'invalid' ? await errorsOf(link, item.id) : []
    items.push({
      id: item.id,
      time: item.time,
      method: item.method,
      url: capText(item.url),
      operation: item.operationId,
      status: item.status,
      duration_ms: item.durationMs,
      verdict: item.verdict,
      reason: capText(item.reason),
      errors: errors
        .slice(0, ERRORS_PER_REQUEST)
        .map(({ field, message }) => ({ field: capText(field), message: capText(message) })),
      errors_total: errors.length,
    })
  }
  const { kept, truncated } = takeWithin(items, MAX_OUTPUT_BYTES - 200)
  return {
    requests: kept,
    matching: matching.length,
    truncated: truncated || kept.length < matching.length,
  }
}
