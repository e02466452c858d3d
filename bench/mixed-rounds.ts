import { DEFAULTS } from './mock-process.ts'
import { mixedOperations } from './operations.ts'
import { mockSession } from './sessions.ts'
import type { Measured, StepInputs } from './steps.ts'
import { runSession, type OperationResult } from './throughput.ts'

/**
 * Rounds of the mix at each size, each on a fresh mock from the same file. One round's ratio moved
 * by ±0.1 between runs on this machine; issue 11's audit compared medians of 3 alternated rounds.
 */
export const MIXED_ROUNDS = 3

/** A round's two results, without writes then with them, and the second's ratio to the first. */
interface Round {
  results: OperationResult[]
  ratio: number
}

function roundOf(results: OperationResult[]): Round {
  const [reads, writes] = results.map((result) => result.measurement.requestsPerSecond)
  if (reads === undefined || writes === undefined) throw new Error('a round measured no mix')
  return { results, ratio: writes / reads }
}

/** The round whose ratio is the median, its problems joined by those of the other rounds. */
function medianRound(rounds: Round[]): Round {
  const sorted = [...rounds].sort((a, b) => a.ratio - b.ratio)
  const median = sorted[(sorted.length - 1) >> 1]
  if (median === undefined) throw new Error('no round was measured')
  const others = rounds.filter((round) => round !== median).flatMap((round) => round.results)
  const [first, ...rest] = median.results
  if (first === undefined) throw new Error('a round measured no mix')
  const problems = [...first.problems, ...others.flatMap((result) => result.problems)]
  return { ...median, results: [{ ...first, problems }, ...rest] }
}

/**
 * The mix without writes and with them, at each size, on mocks started with the defaults (request
 * log on), as users run them: the round with the median ratio is kept, with every round's ratio.
 */
export async function measureMixed(inputs: StepInputs, sizes: number[]): Promise<Measured[]> {
  const results: Measured[] = []
  for (const contacts of sizes) {
    const rounds: Round[] = []
    for (let round = 1; round <= MIXED_ROUNDS; round++) {
      const session = mockSession(inputs, {
        label: `Mixed workload, round ${String(round)} of ${String(MIXED_ROUNDS)}`,
        dataFile: await inputs.files.get(contacts),
        contacts,
        flags: DEFAULTS,
        operations: (context) => mixedOperations(context, contacts),
      })
      rounds.push(roundOf(await runSession(session, inputs.settings)))
    }
    const ratios = rounds.map((round) => round.ratio)
    inputs.settings.log(`  ratios of the rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}`)
    results.push(
      ...medianRound(rounds).results.map((result) => ({
        ...result,
        section: 'mixed' as const,
        contacts,
        local: false,
        roundRatios: ratios,
      })),
    )
  }
  return results
}
