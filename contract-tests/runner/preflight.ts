// One request before the run: a target that cannot be reached is one line and exit code 2 within
// seconds, not a failure of every check.
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { CannotRunError } from './cannot-run.ts'
import { propertyOf } from './property-of.ts'
import { nameSetting } from './settings.ts'

const TIMEOUT_MS = 5_000

const HINTS: Record<string, string> = {
  ECONNREFUSED: ' Is the server running?',
  TIMEOUT: ' Is the server running, and the URL right?',
  ENOTFOUND: ' Is the host name right?',
  EAI_AGAIN: ' Is the host name right?',
}

/** The status of GET <base>/api/v1/relationships with the token; node:http, as the suite's client. */
function fetchStatus(baseUrl: string, token: string): Promise<number> {
  const url = new URL(`${baseUrl}/api/v1/relationships`)
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const req = send(url, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    req.once('response', (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
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

/** Any answer but 401 shows that the target is there; the checks judge the rest. */
export async function checkReachable(baseUrl: string, token: string): Promise<void> {
  let status: number
  try {
    status = await fetchStatus(baseUrl, token)
  } catch (error) {
    const reason = reasonOf(error)
    const shown = reason === 'TIMEOUT' ? `no answer within ${String(TIMEOUT_MS / 1000)} s` : reason
    throw new CannotRunError(`cannot reach ${baseUrl} (${shown}).${HINTS[reason] ?? ''}`)
  }
  if (status === 401) {
    throw new CannotRunError(
      `${baseUrl} refused the token: GET /api/v1/relationships answered 401. Check ${nameSetting('token')}.`,
    )
  }
}
