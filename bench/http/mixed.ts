// The mixed workload: which requests, in which order on each connection; measured without
// writes and with them, in rounds on fresh mocks, the median round kept.
import type { StepInputs } from '../harness/entry-point.ts'
import { medianBy, type Measured } from '../harness/measurement.ts'
import { DEFAULTS } from '../harness/processes.ts'
import {
  CREATE_ONE,
  fetchOne,
  LIST_PAGE,
  searchFor,
  updateOne,
  type CheckedRequest,
  type MockContext,
} from './requests.ts'
import { mockSession, runSession, type Operation } from './sessions.ts'

type Kind = 'fetch' | 'list' | 'search' | 'create' | 'PATCH'

/** How many of each kind in one turn of a connection's sequence. */
type Mix = Partial<Record<Kind, number>>

/** The mix: 60% fetch one, 20% list, 5% search, 10% create, 5% PATCH. */
const WITH_WRITES: Mix = { fetch: 12, list: 4, search: 1, create: 2, PATCH: 1 }
/** Its read part alone, in the same proportions. */
const READS_ONLY: Mix = { fetch: 12, list: 4, search: 1 }
const MIXED_CONNECTIONS = 16
/**
 * Rounds of the mix at each size, each on a fresh mock from the same file. One round's ratio moved
 * by ±0.1 between runs on this machine; issue 11's audit compared medians of 3 alternated rounds.
 */
const MIXED_ROUNDS = 3

/**
 * Spreads the kinds over the turn as evenly as their weights allow (smooth weighted round-robin),
 * so that no connection sends a burst of one kind.
 */
function interleave(mix: Mix): Kind[] {
  const weights = Object.entries(mix).filter((entry): entry is [Kind, number] => entry[1] > 0)
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0)
  const credit = new Map<Kind, number>(weights.map(([kind]) => [kind, 0]))
  const order: Kind[] = []
  for (let slot = 0; slot < total; slot++) {
    let best: Kind | undefined
    for (const [kind, weight] of weights) {
      const value = (credit.get(kind) ?? 0) + weight
      credit.set(kind, value)
      if (best === undefined || value > (credit.get(best) ?? 0)) best = kind
    }
    if (best === undefined) break
    credit.set(best, (credit.get(best) ?? 0) - total)
    order.push(best)
  }
  return order
}

/** The requests of one turn: fetches and PATCHes go to each of the listed contacts in turn. */
function mixOf(mix: Mix, context: MockContext): CheckedRequest[] {
  const requests: Record<Kind, CheckedRequest> = {
    fetch: fetchOne(context.ids),
    list: LIST_PAGE,
    search: searchFor(context),
    create: CREATE_ONE,
    PATCH: updateOne(context.ids),
  }
  return interleave(mix).map((kind) => requests[kind])
}

/** The mix without writes, then with them, on one mock: the second compared with the first. */
function mixedOperations(context: MockContext, contacts: number): Operation[] {
  const size = contacts.toLocaleString('en-US')
  const readsId = `mixed-reads-${String(contacts)}`
  return [
    {
      id: readsId,
      name: `mix without writes, ${size} contacts`,
      connections: MIXED_CONNECTIONS,
      requests: mixOf(READS_ONLY, context),
    },
    {
      id: `mixed-writes-${String(contacts)}`,
      name: `mix with writes, ${size} contacts`,
      connections: MIXED_CONNECTIONS,
      requests: mixOf(WITH_WRITES, context),
      reference: readsId,
      target: 0.8,
    },
  ]
}

/** A round's two rows, without writes then with them, and the second's ratio to the first. */
interface Round {
  measured: Measured[]
  ratio: number
}

function roundOf(measured: Measured[]): Round {
  const [reads, writes] = measured.map((row) => row.measurement.requestsPerSecond)
  if (reads === undefined || writes === undefined) throw new Error('a round measured no mix')
  return { measured, ratio: writes / reads }
}

/**
 * The mix without writes and with them, at each size, on mocks started with the defaults (request
 * log on), as users run them: the round with the median ratio is kept, with every round's ratio,
 * its first row holding the problems of every round.
 */
export async function measureMixed(inputs: StepInputs, sizes: number[]): Promise<Measured[]> {
  const measured: Measured[] = []
  for (const contacts of sizes) {
    const rounds: Round[] = []
    for (let round = 1; round <= MIXED_ROUNDS; round++) {
      const session = mockSession(inputs, {
        label: `Mixed workload, round ${String(round)} of ${String(MIXED_ROUNDS)}`,
        section: 'mixed',
        data: { dataFile: await inputs.files.get(contacts) },
        contacts,
        flags: DEFAULTS,
        operations: (context) => mixedOperations(context, contacts),
      })
      rounds.push(roundOf(await runSession(inputs, session)))
    }
    const roundRatios = rounds.map((round) => round.ratio)
    inputs.log(`  ratios of the rounds: ${roundRatios.map((r) => r.toFixed(2)).join(', ')}`)
    const median = medianBy(rounds, (round) => round.ratio)
    const others = rounds.filter((round) => round !== median).flatMap((round) => round.measured)
    const problems = others.flatMap((row) => row.problems)
    measured.push(
      ...median.measured.map((row, index) => ({
        ...row,
        problems: index === 0 ? [...row.problems, ...problems] : row.problems,
        roundRatios,
      })),
    )
  }
  return measured
}
