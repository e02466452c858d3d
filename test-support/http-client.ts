// A plain node:http client for the fault tests: it tells a reset from a closed socket from no
// answer, which fetch folds into one TypeError.
import { request } from 'node:http'
import { ACME_ORG_ID, ALICE } from '../fixtures/identities.ts'

export interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  ms: number
}

/** A socket error: its code, and Node's message (`socket hang up` for a close without answer). */
export type Outcome = Answer | { error: string; message: string; ms: number }

export const contactsPath = `/api/v1/orgs/${ACME_ORG_ID}/contacts`

/** Sends a request with Alice's token; resolves with the answer or the socket error's code. */
export function send(
  base: string,
  options: {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
    timeoutMs?: number
  } = {},
): Promise<Outcome> {
  const started = performance.now()
  const ms = (): number => performance.now() - started
  const url = new URL(options.path ?? `${contactsPath}?limit=1`, base)
  return new Promise((resolve) => {
    const req = request(url, {
      method: options.method ?? 'GET',
      agent: false,
      headers: {
        Authorization: `Bearer ${ALICE.token}`,
        ...(options.body !== undefined && { 'Content-Type': 'application/x-www-form-urlencoded' }),
        ...options.headers,
      },
    })
    req.setTimeout(options.timeoutMs ?? 10_000, () => {
      req.destroy(Object.assign(new Error('no answer'), { code: 'TIMEOUT' }))
    })
    req.on('response', (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ms: ms() })
      })
    })
    req.on('error', (error: NodeJS.ErrnoException) => {
      resolve({ error: error.code ?? error.message, message: error.message, ms: ms() })
    })
    req.end(options.body)
  })
}

/** Adds a fault rule through the admin API; resolves with its id. */
export async function addRule(base: string, rule: object): Promise<string> {
  const res = await fetch(new URL('/__admin/faults', base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(rule),
  })
  if (res.status !== 201) throw new Error(`the rule was refused: ${await res.text()}`)
  return ((await res.json()) as { id: string }).id
}

export async function clearRules(base: string): Promise<void> {
  const res = await fetch(new URL('/__admin/faults', base), {
    method: 'DELETE',
    headers: { 'Content-Type': 'application/json' },
  })
  if (res.status !== 204) throw new Error(`the rules were not cleared: ${await res.text()}`)
}

export const statusOf = (outcome: Outcome): number | string =>
  'status' in outcome ? outcome.status : outcome.error
