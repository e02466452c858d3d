import request from 'supertest'
import { propertyOf } from '../../runner/property-of.ts'
import { contractEnv } from './env.ts'
import { noteResponse } from './created-records.ts'
import { noteLearnedSecret } from './learned-secrets.ts'
import { logResponse } from './response-log.ts'
import type { SentExchange } from './oracle/comparable.ts'
import { answerOf } from './oracle/compare-answers.ts'
import { consultReference, type OracleSession } from './oracle/oracle.ts'

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT' | 'OPTIONS'

export type FormFields = Record<string, string> | readonly (readonly [string, string])[]
export type Query = string | FormFields

export interface RequestOptions {
  /** The bearer token; by default CONTRACT_TOKEN; `null` sends no Authorization header. */
  token?: string | null
  /** A raw Authorization header value; wins over `token`. */
  authorization?: string
  /** A string is sent as is (already encoded); fields are URL-encoded. */
  query?: Query
  /** An application/x-www-form-urlencoded body: a ready string or fields to encode. */
  form?: string | FormFields
  /** An application/json body. */
  json?: unknown
  /** Any other body; a Buffer goes out byte for byte (e.g. bytes that are not UTF-8). */
  raw?: { contentType: string; body: string | Buffer }
  headers?: Record<string, string>
  /** The reference model's session to consult instead of the file's (a generated sequence's). */
  oracle?: OracleSession
}

/** What was sent, for failure messages and the reference model. */
export interface SentRequest extends SentExchange {
  method: Method
  contentType: string | undefined
}

export interface ApiResponse {
  request: SentRequest
  status: number
  /** Header names in lower case. */
  headers: Record<string, string>
  text: string
  /** The parsed body when the response is JSON (also `+json`), else undefined. */
  body: unknown
}

const isPairs = (fields: FormFields): fields is readonly (readonly [string, string])[] =>
  Array.isArray(fields)

export const encodeFields = (fields: FormFields): string =>
  new URLSearchParams(
    isPairs(fields)
      ? fields.map(([name, value]): [string, string] => [name, value])
      : Object.entries(fields),
  ).toString()

/** `{ first_name: 'Ann' }` → `{ 'contact[first_name]': 'Ann' }` */
export function bracketed(prefix: string, fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [`${prefix}[${key}]`, value]),
  )
}

export function orgPath(...segments: string[]): string {
  return ['/api/v1/orgs', contractEnv().orgId, ...segments].join('/')
}

function bodyOf(
  options: RequestOptions,
): { contentType: string; body: string | Buffer } | undefined {
  if (options.form !== undefined) {
    const body = typeof options.form === 'string' ? options.form : encodeFields(options.form)
    return { contentType: 'application/x-www-form-urlencoded', body }
  }
  if (options.json !== undefined) {
    return { contentType: 'application/json', body: JSON.stringify(options.json) }
  }
  return options.raw === undefined ? undefined : { ...options.raw }
}

function headersOf(options: RequestOptions): Record<string, string> {
  const token = options.token === undefined ? contractEnv().token : options.token
  const headers: Record<string, string> = { Accept: 'application/json, application/problem+json' }
  if (options.authorization !== undefined) headers['Authorization'] = options.authorization
  else if (token !== null) headers['Authorization'] = `Bearer ${token}`
  return { ...headers, ...options.headers }
}

const VERBS = {
  GET: 'get',
  POST: 'post',
  PATCH: 'patch',
  DELETE: 'delete',
  PUT: 'put',
  OPTIONS: 'options',
} as const satisfies Record<Method, string>

/**
 * The most of one answer's body the suite holds: a target that answers 300 MB must fail the check,
 * not take the process to gigabytes. Counted while reading, decompressed bytes included.
 */
export const MAX_ANSWER_BYTES = 10 * 1024 * 1024

/** The requests on their way: a run stopped by its deadline aborts them (abortRequests). */
const inFlight = new Set<request.Test>()

/** Ends every request still waiting for its answer: each rejects with "Aborted". */
export function abortRequests(): void {
  for (const test of inFlight) test.abort()
}

/** A token a login handed out (a 2xx whose body has one) is a secret of the run from now on. */
function noteToken(status: number, body: unknown): void {
  const token = propertyOf(body, 'token')
  if (status >= 200 && status < 300 && typeof token === 'string') noteLearnedSecret(token)
}

/** Sends one request to the target and returns everything needed to judge and explain it. */
export async function call(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse> {
  const { query = '' } = options
  const queryString = typeof query === 'string' ? query : encodeFields(query)
  const payload = bodyOf(options)
  const type: Record<string, string> =
    payload === undefined ? {} : { 'Content-Type': payload.contentType }
  const sentHeaders = { ...headersOf(options), ...type }
  const url = queryString === '' ? path : `${path}?${queryString}`
  let test = request(contractEnv().baseUrl)
    [VERBS[method]](url)
    .set(sentHeaders)
    .timeout(contractEnv().requestTimeoutMs)
    .ok(() => true)
    // A blob response type hands over the raw bytes whatever the content type: nothing is parsed
    // or dropped behind the suite's back.
    .responseType('blob')
    .maxResponseSize(MAX_ANSWER_BYTES)
  if (payload !== undefined) {
    // superagent would serialize a Buffer sent as JSON: its bytes are written as they are
    if (Buffer.isBuffer(payload.body)) test.write(payload.body)
    else test = test.send(payload.body)
  }
  inFlight.add(test)
  const sentAt = Date.now()
  let res: request.Response
  try {
    res = await test
  } catch (error) {
    // superagent stopped reading at the bound and dropped what it had: the check fails, saying so.
    if (propertyOf(error, 'code') !== 'ETOOLARGE') throw error
    const megabytes = String(MAX_ANSWER_BYTES / 1024 / 1024)
    throw new Error(`answer larger than ${megabytes} MB: cut (${method} ${url})`, {
      cause: error,
    })
  } finally {
    inFlight.delete(test)
  }
  const rawHeaders = res.headers as Record<string, string | string[] | undefined>
  const headers = Object.fromEntries(
    Object.entries(rawHeaders).map(([name, value]) => [
      name.toLowerCase(),
      Array.isArray(value) ? value.join(', ') : (value ?? ''),
    ]),
  )
  const text = Buffer.isBuffer(res.body) ? res.body.toString('utf8') : ''
  const response: ApiResponse = {
    request: {
      method,
      path,
      query: queryString,
      contentType: payload?.contentType,
      body: Buffer.isBuffer(payload?.body) ? payload.body.toString('utf8') : payload?.body,
      headers: sentHeaders,
    },
    ...answerOf(res.status, headers, text),
  }
  const receivedAt = Date.now()
  noteToken(response.status, response.body)
  noteResponse(response, sentHeaders['Authorization'])
  logResponse(response)
  const exchange = { sent: response.request, payload: payload?.body, answer: response }
  await consultReference({ ...exchange, sentAt, receivedAt }, options.oracle)
  return response
}
