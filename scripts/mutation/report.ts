// The report of a sampled mutation run: the score with its interval, and every survivor with its
// place, its change and its classification (survivors.ts), as Markdown and JSON.
import { wilsonInterval, type Interval } from './sample.ts'
import { JUDGED, mutantKey, oneLine, type Judgement, type MutantPlace } from './survivors.ts'

/** Stryker's statuses, as its JSON report spells them. */
export type MutantStatus =
  | 'Killed'
  | 'Survived'
  | 'Timeout'
  | 'NoCoverage'
  | 'CompileError'
  | 'RuntimeError'
  | 'Ignored'
  | 'Pending'

export interface MeasuredMutant extends MutantPlace {
  id: string
  status: MutantStatus
  /** Killed because the mutated mock did not even start (run-mutant.ts exits 3 then). */
  atStart: boolean
  /** The failed check's title, when the suite printed one. */
  killedBy: string | undefined
  judgement: Judgement | undefined
}

export interface RunFacts {
  seed: number
  /** Mutants Stryker placed in all. */
  placed: number
  /** Wall time of the whole Stryker run, the dry run included, in ms. */
  wallMs: number
  /** How many mutants ran at once. */
  concurrency: number
  /** The dry run's time: the suite against the instrumented mock with no mutant active, in ms. */
  dryRunMs: number
  /** The median time of one mutant's run (timed-out runs are killed before they write theirs). */
  medianMutantMs: number
}

export interface Score {
  sampled: number
  detected: number
  killed: number
  atStart: number
  timedOut: number
  survived: number
  equivalent: number
  /** Mutants that could not be measured (Stryker's errors): out of the score. */
  invalid: number
  /** Survivors that change only what the document leaves open. */
  outside: number
  /** Survivors that break a stated rule. */
  gaps: number
  /** detected / (sampled − equivalent − invalid) */
  score: number
  low: number
  high: number
  /**
   * Of the mutants that change documented behaviour, the share the suite caught: detected /
   * (detected + gaps), the detected ones counted as documented; from the case where every
   * survivor not yet judged is a gap to the case where none is.
   */
  documented: Interval
}

const DETECTED: readonly MutantStatus[] = ['Killed', 'Timeout']
const INVALID: readonly MutantStatus[] = ['CompileError', 'RuntimeError']

export function judge(mutant: Omit<MeasuredMutant, 'judgement'>): MeasuredMutant {
  return {
    ...mutant,
    judgement: mutant.status === 'Survived' ? JUDGED[mutantKey(mutant)] : undefined,
  }
}

export function scoreOf(mutants: readonly MeasuredMutant[]): Score {
  const count = (keep: (mutant: MeasuredMutant) => boolean): number => mutants.filter(keep).length
  const detected = count(({ status }) => DETECTED.includes(status))
  const equivalent = count(({ judgement }) => judgement?.classification === 'equivalent')
  const invalid = count(({ status }) => INVALID.includes(status))
  const counted = mutants.length - equivalent - invalid
  const { low, high } = wilsonInterval(detected, counted)
  const judged = (classification: string): number =>
    count(({ judgement }) => judgement?.classification === classification)
  const gaps = judged('gap')
  const unjudged = count(
    ({ status, judgement }) => status === 'Survived' && judgement === undefined,
  )
  return {
    sampled: mutants.length,
    detected,
    killed: count(({ status }) => status === 'Killed'),
    atStart: count(({ atStart }) => atStart),
    timedOut: count(({ status }) => status === 'Timeout'),
    survived: count(({ status }) => status === 'Survived'),
    equivalent,
    invalid,
    outside: judged('outside the document'),
    gaps,
    score: counted === 0 ? 0 : detected / counted,
    low,
    high,
    documented: {
      low: detected / Math.max(1, detected + gaps + unjudged),
      high: detected / Math.max(1, detected + gaps),
    },
  }
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`
const percent = (ratio: number): string => `${(ratio * 100).toFixed(1)}%`
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/`/g, "'")

export function markdownOf(mutants: readonly MeasuredMutant[], facts: RunFacts): string {
  const score = scoreOf(mutants)
  const survivors = mutants.filter(({ status }) => status === 'Survived')
  const unjudged = survivors.filter(({ judgement }) => judgement === undefined).length
  const lines = [
    `# Mutation run, seed ${String(facts.seed)}`,
    '',
    `${String(score.sampled)} mutants drawn from the ${String(facts.placed)} Stryker placed; the contract suite ran against each, ${String(facts.concurrency)} at once: ${(facts.wallMs / 60_000).toFixed(1)} min in all, the dry run ${seconds(facts.dryRunMs)}, a mutant's run ${seconds(facts.medianMutantMs)} (median).`,
    '',
    `- detected: ${String(score.detected)} (a check failed: ${String(score.killed - score.atStart)}; the mock did not start: ${String(score.atStart)}; timed out: ${String(score.timedOut)})`,
    `- survived: ${String(score.survived)}: equivalent (set aside) ${String(score.equivalent)}, outside the document ${String(score.outside)}, gaps ${String(score.gaps)}, not yet judged ${String(unjudged)}`,
    `- not measurable (Stryker's errors, set aside): ${String(score.invalid)}`,
    `- **score: ${percent(score.score)}** (${String(score.detected)} of ${String(score.sampled - score.equivalent - score.invalid)}), 95% Wilson interval ${percent(score.low)} to ${percent(score.high)}`,
    `- of the mutants that change documented behaviour (detected + gaps): ${score.documented.low === score.documented.high ? percent(score.documented.high) : `${percent(score.documented.low)} to ${percent(score.documented.high)} (as the survivors not yet judged turn out)`}`,
    '',
    '## Survivors',
    '',
    '| id | place | mutator | replaced by | classification | why |',
    '| -- | ----- | ------- | ----------- | -------------- | --- |',
    ...survivors.map(
      (mutant) =>
        `| ${mutant.id} | ${mutant.file}:${String(mutant.line)} | ${mutant.mutatorName} | \`${cell(oneLine(mutant.replacement).slice(0, 80))}\` | ${mutant.judgement?.classification ?? ''} | ${cell(mutant.judgement?.why ?? '')} |`,
    ),
    '',
    '## Detected',
    '',
    '| id | place | mutator | how |',
    '| -- | ----- | ------- | --- |',
    ...mutants
      .filter(({ status }) => DETECTED.includes(status))
      .map(
        (mutant) =>
          `| ${mutant.id} | ${mutant.file}:${String(mutant.line)} | ${mutant.mutatorName} | ${mutant.status === 'Timeout' ? 'timed out' : mutant.atStart ? 'the mock did not start' : cell(mutant.killedBy ?? 'the suite failed')} |`,
      ),
    '',
  ]
  return lines.join('\n')
}
