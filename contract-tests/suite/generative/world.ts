// What one generated sequence holds: its word (every contact it creates carries it, so a search
// for it lists exactly them), its own session of the reference model, the ids the target answered
// with (the only bookkeeping: which records later steps can name), and the requests as curl.
// Every request of a step is judged at once: its differences from the reference, the document's
// check, and no 5xx; any of them fails the step, so fast-check shrinks to the shortest sequence.
import { randomBytes, randomUUID } from 'node:crypto'
import {
  call,
  encodeFields,
  type ApiResponse,
  type Method,
  type RequestOptions,
} from '../support/api.ts'
import { checkAgainstDocument, documentFailure } from '../support/document-check.ts'
import { contractEnv, runMarker } from '../support/env.ts'
import { createOracleSession, type OracleSession } from '../support/oracle/oracle.ts'
import { markChecked } from '../support/response-log.ts'

export interface World {
  /** `contract-run-<run id>-<random>`: the run's marker (the sweep finds it) made unique. */
  word: string
  /** The text after the word in every carrier field (accented, combining or astral letters). */
  stem: string
  /** The searched field that carries the word and stem in this sequence. */
  carrier: string
  session: OracleSession | undefined
  /** Ids the target answered creates with, in order (some since deleted or purged). */
  contacts: string[]
  relationships: string[]
  /** The catalog's type ids, once a step read it. */
  types: string[] | undefined
  /** The requests sent so far, as curl commands (the token as $CONTRACT_TOKEN, never itself). */
  curl: string[]
}

export function newWorld(carrier: string, stem: string): World {
  return {
    word: `${runMarker()}-${randomBytes(3).toString('hex')}`,
    stem,
    carrier,
    session: createOracleSession(),
    contacts: [],
    relationships: [],
    types: undefined,
    curl: [],
  }
}

const quote = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`

function curlOf(res: ApiResponse): string {
  const { method, path, query, contentType, body } = res.request
  const url = `${contractEnv().baseUrl}${path}${query === '' ? '' : `?${query}`}`
  const type = contentType === undefined ? '' : ` -H ${quote(`Content-Type: ${contentType}`)}`
  const data = body === undefined ? '' : ` --data-binary ${quote(body)}`
  const verb = method === 'GET' ? '' : ` -X ${method}`
  return `curl${verb} -H "Authorization: Bearer $CONTRACT_TOKEN" ${quote(url)}${type}${data}`
}

/** Sends one request of the sequence, recorded as curl; throws when its answer is wrong. */
export async function send(
  world: World,
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse> {
  const res = await call(method, path, { ...options, oracle: world.session })
  world.curl.push(curlOf(res))
  const differences = world.session?.takeDifferences() ?? []
  const problems = checkAgainstDocument(res)
  markChecked(res)
  const failures = [
    ...(res.status >= 500 ? [`${method} ${path} answered ${String(res.status)}`] : []),
    ...(problems.length > 0 ? [documentFailure(res, problems)] : []),
    ...differences,
  ]
  if (failures.length > 0) throw new Error(failures.join('\n'))
  return res
}

/** The query string of name-value pairs, as sent. */
export const queryOf = (pairs: readonly (readonly [string, string])[]): string =>
  encodeFields(pairs)

/** A record of the sequence picked by a drawn number, or an id no record has. */
export interface Pick {
  unknown: boolean
  slot: number
}

export function pickId(ids: readonly string[], pick: Pick): string {
  const id = ids[pick.slot % Math.max(1, ids.length)]
  return pick.unknown || id === undefined ? randomUUID() : id
}

export const describePick = (what: string, pick: Pick): string =>
  pick.unknown ? `an unknown ${what}` : `${what} #${String(pick.slot)}`

/** The id of a 2xx create's record. */
export function createdId(res: ApiResponse): string | undefined {
  const id: unknown =
    res.status >= 200 && res.status < 300 && typeof res.body === 'object' && res.body !== null
      ? Reflect.get(res.body, 'id')
      : undefined
  return typeof id === 'string' ? id : undefined
}
