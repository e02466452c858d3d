// Requests before the run: a target that cannot be reached, a token it refuses or an organization
// the token cannot see is one line and exit code 2 within seconds, not a failure of every check.
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { OpenApiDocument } from '../../../openapi/document.ts'
import { modelOf } from '../../../openapi/document-model.ts'
import { CannotRunError } from '../cannot-run.ts'
import { propertyOf } from '../property-of.ts'
import { createSafeText } from '../report/safe-text.ts'
import { nameSetting } from '../settings.ts'

/** Never longer than this, whatever the request timeout: the acceptance is "exit 2 in seconds". */
const MAX_TIMEOUT_MS = 8_000

const HINTS: Record<string, string> = {
  ECONNREFUSED: ' Is the server running?',
  TIMEOUT: ' Is the server running, and the URL right?',
  ENOTFOUND: ' Is the host name right?',
  EAI_AGAIN: ' Is the host name right?',
}

interface Answer {
  status: number
  contentType: string
}

export interface PreflightTarget {
  baseUrl: string
  token: string
  orgId: string
  document: OpenApiDocument
  requestTimeoutMs: number
}

/** One GET with the token; node:http, as the suite's client. */
function fetchAnswer(url: URL, token: string, timeoutMs: number): Promise<Answer> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const req = send(url, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    })
    req.once('response', (res) => {
      // The status and content type are all it needs: a body of any size is never read.
      res.destroy()
      resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'] ?? '' })
    })
    req.once('error', reject)
    req.end()
  })
}

/** ECONNREFUSED, ENOTFOUND, CERT_HAS_EXPIRED, …, or TIMEOUT. */
function reasonOf(error: unknown): string {
  const name = propertyOf(error, 'name')
  if (name === 'AbortError' || name === 'TimeoutError') return 'TIMEOUT'
  const code = propertyOf(error, 'code')
  return typeof code === 'string' ? code : String(error)
}

/**
 * The document's first GET that needs no id but `org_id` (`withOrg`) or none at all: the requests
 * the preflight sends come from the document, as every check's do.
 */
export function preflightPath(document: OpenApiDocument, withOrg: boolean): string | undefined {
  return modelOf(document).operations.find(({ method, template, security }) => {
    const names = [...template.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name)
    const fits = withOrg ? names.length === 1 && names[0] === 'org_id' : names.length === 0
    return fits && method === 'GET' && security.length > 0
  })?.template
}

function judge(answer: Answer, shown: string, target: PreflightTarget): void {
  const { status, contentType } = answer
  // The content type is the target's text, and cli.ts prints this message as it is.
  const safe = createSafeText([{ value: target.token, label: 'token' }])
  const media = safe(contentType.split(';')[0] ?? '')
  const said = `GET ${shown} answered ${String(status)}${contentType === '' ? '' : ` (${media})`}`
  if (status === 401) {
    throw new CannotRunError(
      `${target.baseUrl} refused the token: ${said}. Check ${nameSetting('token')}.`,
    )
  }
  if (status === 403 && shown.includes(target.orgId)) {
    throw new CannotRunError(
      `${target.baseUrl} does not let the token's user into organization ${target.orgId}: ${said}. Check ${nameSetting('orgId')}.`,
    )
  }
  if (status >= 500 || status === 404 || !/json/i.test(contentType)) {
    throw new CannotRunError(
      `${target.baseUrl} does not answer as the API: ${said}. Is the URL right, and the server behind it up?`,
    )
  }
}

/** Proves that the URL answers as the API, the token is accepted and the organization reachable. */
export async function checkReachable(target: PreflightTarget): Promise<void> {
  const timeoutMs = Math.min(target.requestTimeoutMs, MAX_TIMEOUT_MS)
  const paths = [preflightPath(target.document, false), preflightPath(target.document, true)]
  for (const template of paths.filter((path) => path !== undefined)) {
    const shown = template.replace('{org_id}', target.orgId)
    let answer: Answer
    try {
      answer = await fetchAnswer(new URL(`${target.baseUrl}${shown}`), target.token, timeoutMs)
    } catch (error) {
      const reason = reasonOf(error)
      const why = reason === 'TIMEOUT' ? `no answer within ${String(timeoutMs / 1000)} s` : reason
      throw new CannotRunError(`cannot reach ${target.baseUrl} (${why}).${HINTS[reason] ?? ''}`)
    }
    judge(answer, shown, target)
  }
}
