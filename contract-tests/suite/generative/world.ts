// What one generated sequence holds: its word (every contact it creates carries it, so a search
// for it lists exactly them), its own session of the reference model, the ids the target answered
// with (the only bookkeeping: which records later steps can name), and the requests as curl.
// Every request of a step is judged at once: its differences from the reference, the document's
// check, and no 5xx; any of them fails the step, so fast-check shrinks to the shortest sequence.
import { randomBytes, randomUUID } from 'node:crypto'
import { propertyOf } from '../../runner/property-of.ts'
import { call, type ApiResponse, type RequestOptions } from '../support/api.ts'
import { checkAgainstDocument, documentFailure } from '../support/document-check.ts'
import { contractEnv, runMarker } from '../support/env.ts'
import { methodOf } from '../support/operations.ts'
import { createOracleSession, curlOf, type OracleSession } from '../support/oracle/oracle.ts'
import { markChecked } from '../support/response-log.ts'
import { operationOf, pathOf, type DrivenId } from './document-fields.ts'

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

/**
 * Sends one request of the sequence to the operation (`records`: the ids its path names, in
 * order), recorded as curl; throws when its answer is wrong.
 */
export async function send(
  world: World,
  id: DrivenId,
  records: readonly string[] = [],
  options: RequestOptions = {},
): Promise<ApiResponse> {
  const method = methodOf(operationOf(id))
  const path = pathOf(id, contractEnv().orgId, ...records)
  const res = await call(method, path, { ...options, oracle: world.session })
  world.curl.push(curlOf(res.request))
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

/** Adds the id of a 2xx create's record to the sequence's list of its kind. */
export function noteCreated(ids: string[], res: ApiResponse): void {
  const id = res.status >= 200 && res.status < 300 ? propertyOf(res.body, 'id') : undefined
  if (typeof id === 'string') ids.push(id)
}
