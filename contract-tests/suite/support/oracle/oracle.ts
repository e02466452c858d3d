// The differential oracle: every request a check sends to the target is sent, translated, to the
// reference model too (reference.ts), and the two answers are compared (compare-answers.ts) when
// the rule (comparable.ts) says the reference can know the answer. Differences fail the check that
// sent the request (after-env.ts), with both answers and the request as curl. The oracle never
// sends anything to the target: it only reads what call() received. Each test file has one
// session (its reference, id map, clock history); the generative phase opens one per sequence it
// draws (createOracleSession), so a sequence is judged against a reference holding only its own
// records, and a shrunk sequence replays against a fresh one.
import { appendFileSync } from 'node:fs'
import type { OpenAPIV3_1 } from 'openapi-types'
import { excerpt } from '../../../../openapi/response-check.ts'
import { propertyOf } from '../../../runner/property-of.ts'
import type { MockFetch } from '../../../../mock/fetch/node/fetch.ts'
import { catalogueOf } from '../../rules/catalogue.ts'
import { contractDocument } from '../document.ts'
import { contractEnv, type ContractEnv } from '../env.ts'
import { curlCommandOf } from '../../../../mock/shared/curl-command.ts'
import {
  answerOf,
  compareAnswers,
  listedRecords,
  type Answer,
  type CompareContext,
} from './compare-answers.ts'
import { judgeRequest, REASONS, type RuleContext, type SentExchange } from './comparable.ts'
import { createIdMap, UUID } from './id-map.ts'
import { referenceData, sharedValues, startReference } from './reference.ts'

/** How far a deployment's clock may be from the runner's before its timestamps differ. */
const CLOCK_SKEW_MS = 2 * 60_000

/** --no-oracle (CONTRACT_ORACLE=off): no reference, no comparison. */
export const isOracleOn = (): boolean => !contractEnv().noOracle

/** One exchange with the target, as call() made it. */
export interface TargetExchange {
  sent: SentExchange
  /** The body as sent, bytes included. */
  payload: string | Buffer | undefined
  answer: Answer
  sentAt: number
  receivedAt: number
}

/** A session: its reference, what its rule and comparisons know, and what they found. */
interface OracleState
  extends RuleContext, Omit<CompareContext, 'wrote' | 'sentAt' | 'receivedAt' | 'clockSkewMs'> {
  env: ContractEnv
  reference: Promise<MockFetch>
  differences: string[]
  counts: Map<string, number>
  /** Target ids of records another session compared: not this session's to compare. */
  elsewhere: Set<string>
  /** The reference answers in the order the target did: one exchange at a time. */
  queue: Promise<void>
}

/** A reference of its own, opened by a generator of requests (the generative phase). */
export interface OracleSession {
  /** The differences its exchanges showed since the last call. */
  takeDifferences: () => string[]
  /**
   * Ends the session: the file's session leaves the records it learned alone from then on (the
   * file's cleanup removes them, and only this session's reference held them).
   */
  close: () => void
}

/** The file's session, started by its first exchange. */
let state: OracleState | undefined
/** What the process's sessions counted, by reason (CONTRACT_ORACLE_STATS). */
let counts: Map<string, number> | undefined
const sessions = new WeakMap<OracleSession, OracleState>()

const COMPARED = 'compared'

/**
 * Properties of the document's schemas whose value is a named date-time schema (or a choice of one
 * and null): the server's clock.
 */
export function clockFieldsOf(document: OpenAPIV3_1.Document): Set<string> {
  const schemas = document.components?.schemas ?? {}
  const named = '#/components/schemas/'
  // the named schema itself, or one choice of an anyOf or oneOf (a time or null)
  const isClock = (schema: unknown): boolean => {
    const ref = propertyOf(schema, '$ref')
    if (typeof ref === 'string' && ref.startsWith(named)) {
      if (propertyOf(schemas[ref.slice(named.length)], 'format') === 'date-time') return true
    }
    return ['anyOf', 'oneOf'].some((choice) => {
      const choices = propertyOf(schema, choice)
      return Array.isArray(choices) && choices.some((item: unknown) => isClock(item))
    })
  }
  const fields = new Set<string>()
  const walk = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return
    const properties = propertyOf(value, 'properties')
    if (typeof properties === 'object' && properties !== null) {
      for (const [name, schema] of Object.entries(properties)) if (isClock(schema)) fields.add(name)
    }
    Object.values(value).forEach(walk)
  }
  walk(schemas)
  return fields
}

/**
 * The process's counts, added as one JSON line (how many requests it compared, how many it left
 * out for each reason) to the run's file (oracleStatsFile, CONTRACT_ORACLE_STATS) at its exit.
 */
function processCounts(): Map<string, number> {
  if (counts !== undefined) return counts
  const created = new Map<string, number>()
  const statsFile = contractEnv().oracleStatsFile
  if (statsFile !== undefined && statsFile !== '') {
    process.on('exit', () => {
      appendFileSync(statsFile, `${JSON.stringify(Object.fromEntries(created))}\n`)
    })
  }
  counts = created
  return created
}

function startOracle(): OracleState {
  const env = contractEnv()
  const data = referenceData(env)
  const reference = startReference(data)
  // a failed start is told by the first comparison; no one else awaits it
  reference.catch(() => undefined)
  const headers = catalogueOf(contractDocument).flatMap((rule) =>
    rule.kind === 'header' ? [rule.header.toLowerCase()] : [],
  )
  const ids = createIdMap(sharedValues(env))
  // the run's configured type: the reference's of the same id, else its first
  const [firstType] = data.relationship_types
  if (env.relationshipId !== undefined && firstType !== undefined) {
    const same = data.relationship_types.find(({ id }) => id === env.relationshipId)
    ids.bind(env.relationshipId, (same ?? firstType).id)
  }
  return {
    env,
    runId: env.runId,
    reference,
    ids,
    history: new Map(),
    diverged: undefined,
    templates: Object.keys(contractDocument.paths ?? {}),
    headers: [...new Set(headers)],
    clockFields: clockFieldsOf(contractDocument),
    differences: [],
    counts: processCounts(),
    users: new Set(data.users.map(({ id }) => id)),
    elsewhere: new Set(),
    queue: Promise.resolve(),
  }
}

const count = (oracle: OracleState, reason: string): void => {
  oracle.counts.set(reason, (oracle.counts.get(reason) ?? 0) + 1)
}

/** Every UUID the target answered with: its data, which the reference holds only when bound. */
function noteSeen(oracle: OracleState, answer: Answer): void {
  for (const text of [answer.text, answer.headers['location'] ?? '']) {
    for (const id of text.match(UUID) ?? []) oracle.ids.noteSeen(id)
  }
}

async function askReference(
  reference: MockFetch,
  oracle: OracleState,
  exchange: TargetExchange,
): Promise<Answer> {
  const { sent, payload } = exchange
  const { ids } = oracle
  const query = sent.query === '' ? '' : `?${ids.translate(sent.query)}`
  const headers = Object.fromEntries(
    Object.entries(sent.headers).map(([name, value]) => [name, ids.translate(value)]),
  )
  // ids are ASCII: a latin1 round trip changes no other byte of a body that is not UTF-8
  const body =
    payload === undefined
      ? undefined
      : typeof payload === 'string'
        ? ids.translate(payload)
        : Buffer.from(ids.translate(payload.toString('latin1')), 'latin1')
  const response = await reference(`${reference.baseUrl}${ids.translate(sent.path)}${query}`, {
    method: sent.method,
    headers,
    // a fault that holds the connection (Prefer) must not hold the run
    signal: AbortSignal.timeout(oracle.env.requestTimeoutMs),
    ...(body === undefined ? {} : { body }),
  })
  const answered = [...response.headers].map(
    ([name, value]) => [name.toLowerCase(), value] as const,
  )
  return answerOf(response.status, Object.fromEntries(answered), await response.text())
}

/** The request as a curl command; the run's own tokens as the variables that hold them. */
export function curlOf(sent: SentExchange, env: ContractEnv = contractEnv()): string {
  const secrets = [
    [env.token, 'CONTRACT_TOKEN'],
    [env.secondToken, 'CONTRACT_SECOND_TOKEN'],
    [env.foreignToken, 'CONTRACT_FOREIGN_TOKEN'],
  ] as const
  const hide = (text: string): string =>
    secrets.reduce(
      (shown, [secret, name]) =>
        secret === undefined ? shown : shown.replaceAll(secret, `$${name}`),
      text,
    )
  const url = `${env.baseUrl}${sent.path}${sent.query === '' ? '' : `?${sent.query}`}`
  const headers = Object.entries(sent.headers).map(([name, value]) => [name, hide(value)] as const)
  return curlCommandOf(
    { ...sent, url, headers },
    secrets.map(([, name]) => name),
  )
}

const shown = (answer: Answer): string =>
  `${String(answer.status)} ${answer.headers['content-type'] ?? '(no content type)'} ${
    answer.text === '' ? '(empty)' : excerpt(answer.body ?? answer.text)
  }`

const is2xx = (status: number): boolean => status >= 200 && status < 300

/** Binds the catalog's types by id, else by name: the run's ids of the deployment's types. */
function bindCatalog(oracle: OracleState, target: Answer, reference: Answer): void {
  const references = listedRecords(reference.body)
  for (const { id, name } of listedRecords(target.body)) {
    const match =
      references.find((type) => type.id === id) ??
      references.find((type) => name !== undefined && type.name === name)
    if (match !== undefined) oracle.ids.bind(id, match.id)
  }
}

/** The exchange's differences from the reference ([] when none, or not compared). */
async function consult(oracle: OracleState, exchange: TargetExchange): Promise<string[]> {
  const verdict = judgeRequest(exchange.sent, oracle)
  try {
    if (verdict.kind === 'skip') {
      count(oracle, verdict.reason)
      return []
    }
    // a reference that cannot start fails the check: the run asked for the comparison
    const mock = await oracle.reference
    let reference: Answer
    try {
      reference = await askReference(mock, oracle, exchange)
    } catch {
      // fetch refused to carry the request (a header value it rejects), or the reference broke
      // the connection as a fault asked of it: there is no answer to compare
      count(oracle, REASONS.transport)
      return []
    }
    const target = exchange.answer
    const wrote = !['GET', 'HEAD', 'OPTIONS'].includes(exchange.sent.method)
    if (wrote && is2xx(target.status) !== is2xx(reference.status)) {
      oracle.diverged ??= `${exchange.sent.method} ${exchange.sent.path}`
    }
    // the catalog's types first, by id or name: the comparison below pairs records by their ids
    if (verdict.kind === 'follow' && verdict.reason === REASONS.catalog) {
      bindCatalog(oracle, target, reference)
    }
    const differences = compareAnswers(target, reference, {
      ...oracle,
      wrote: wrote && is2xx(reference.status),
      sentAt: exchange.sentAt,
      receivedAt: exchange.receivedAt,
      clockSkewMs: CLOCK_SKEW_MS,
    })
    if (verdict.kind === 'follow') {
      count(oracle, verdict.reason)
      return []
    }
    count(oracle, COMPARED)
    if (differences.length > 0) {
      oracle.differences.push(
        [
          'The target answers otherwise than the reference model (the mock, run in this process on the same document; --no-oracle turns this comparison off):',
          `  request:   ${curlOf(exchange.sent, oracle.env)}`,
          ...differences.map((difference) => `  - ${difference}`),
          `  target:    ${shown(target)}`,
          `  reference: ${shown(reference)}`,
        ].join('\n'),
      )
    }
    return differences
  } finally {
    noteSeen(oracle, exchange.answer)
  }
}

/**
 * Called by call() for each answer of the target; resolves once the reference has answered, with
 * the differences of this exchange (also kept for the check's end, takeDifferences, or the
 * session's): the model a generator of requests can ask. Without a session, the file's.
 */
export function consultReference(
  exchange: TargetExchange,
  session?: OracleSession,
): Promise<string[]> {
  if (!isOracleOn()) return Promise.resolve([])
  const oracle = session === undefined ? (state ??= startOracle()) : sessions.get(session)
  if (oracle === undefined) return Promise.reject(new Error('this oracle session is closed'))
  const turn = oracle.queue.then(() => consult(oracle, exchange))
  // one failed consultation (the reference could not start) is told once, by its caller
  oracle.queue = turn.then(
    () => undefined,
    () => undefined,
  )
  return turn
}

/** The differences found since the last call, in the file's session. */
export function takeDifferences(): string[] {
  return state === undefined ? [] : state.differences.splice(0, state.differences.length)
}

/**
 * A session of its own: a fresh reference holding only what the session's requests create, its
 * own id map, clock history and differences; undefined when the oracle is off.
 */
export function createOracleSession(): OracleSession | undefined {
  if (!isOracleOn()) return undefined
  const oracle = startOracle()
  const session: OracleSession = {
    takeDifferences: () => oracle.differences.splice(0, oracle.differences.length),
    close: () => {
      if (!sessions.delete(session)) return
      const file = (state ??= startOracle())
      for (const id of oracle.ids.ownTargets()) file.elsewhere.add(id)
    },
  }
  sessions.set(session, oracle)
  return session
}
