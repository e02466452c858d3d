// Helpers for faults: reading and rewriting requests and responses that pass the faulty proxy.
import type { ProxyRequest, ProxyResponse } from './proxy.ts'

export const LIST = /^\/api\/v1\/orgs\/[^/]+\/(contacts|user_relationships)$/
export const CONTACTS = /^\/api\/v1\/orgs\/[^/]+\/contacts$/
export const CONTACT = /^\/api\/v1\/orgs\/[^/]+\/contacts\/[^/]+$/
export const RELATIONSHIP = /^\/api\/v1\/orgs\/[^/]+\/user_relationships\/[^/]+$/

export type JsonObject = Record<string, unknown>

export const pathOf = (req: ProxyRequest): string => new URL(req.url, 'http://proxy').pathname
export const queryOf = (req: ProxyRequest): URLSearchParams =>
  new URL(req.url, 'http://proxy').searchParams

export function withQuery(req: ProxyRequest, query: URLSearchParams): ProxyRequest {
  const text = query.toString()
  return { ...req, url: text === '' ? pathOf(req) : `${pathOf(req)}?${text}` }
}

export const isJsonRequest = (req: ProxyRequest): boolean =>
  (req.headers['content-type'] ?? '').startsWith('application/json')

/** A JSON request's body as an object; undefined when it is not JSON or not an object. */
export function jsonBodyOf(req: ProxyRequest): JsonObject | undefined {
  if (!isJsonRequest(req)) return undefined
  try {
    const value: unknown = JSON.parse(req.body.toString('utf8') || '{}')
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as JsonObject)
      : undefined
  } catch {
    return undefined
  }
}

export function jsonOf(res: ProxyResponse): JsonObject | undefined {
  if (!(res.headers['content-type'] ?? '').includes('json') || res.body.length === 0)
    return undefined
  const value: unknown = JSON.parse(res.body.toString('utf8'))
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonObject)
    : undefined
}

export const withJson = (res: ProxyResponse, value: unknown): ProxyResponse => ({
  ...res,
  body: Buffer.from(JSON.stringify(value)),
})

/** A response whose JSON body was changed by `change`, when the body is a JSON object. */
export function editJson(
  res: ProxyResponse,
  change: (body: JsonObject) => JsonObject,
): ProxyResponse {
  const body = jsonOf(res)
  return body === undefined ? res : withJson(res, change(body))
}

export const withStatus = (res: ProxyResponse, status: number, title: string): ProxyResponse =>
  editJson({ ...res, status }, (body) => ({ ...body, status, title }))

/** The request with its body's fields filtered (form or JSON) by `keep(name, value)`. */
export function filterBody(req: ProxyRequest, keep: (path: string[]) => boolean): ProxyRequest {
  if (isJsonRequest(req)) {
    let body: Record<string, unknown>
    try {
      body = JSON.parse(req.body.toString('utf8') || '{}') as Record<string, unknown>
    } catch {
      return req
    }
    const filtered = Object.fromEntries(
      Object.entries(body)
        .filter(([name]) => keep([name]))
        .map(([name, value]) => [
          name,
          typeof value === 'object' && value !== null && !Array.isArray(value)
            ? Object.fromEntries(Object.entries(value).filter(([field]) => keep([name, field])))
            : value,
        ]),
    )
    return { ...req, body: Buffer.from(JSON.stringify(filtered)) }
  }
  const form = new URLSearchParams(req.body.toString('utf8'))
  const kept = [...form].filter(([name]) => keep(name.replace(/\]/g, '').split('[')))
  return { ...req, body: Buffer.from(new URLSearchParams(kept).toString()) }
}
