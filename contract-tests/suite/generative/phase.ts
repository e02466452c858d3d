// The generative phase: random sequences of steps drawn from the document's operations
// (fast-check, seeded), each sequence judged by a reference model of its own (an oracle session:
// the mock, fresh, fed the sequence's requests). A step whose answer differs from the reference's
// fails; the failure is shrunk to the shortest sequence that still fails, replayed once more
// against a fresh reference, and reported as its steps and as curl commands.
import fc from 'fast-check'
import { CLOCK_STEP_MS } from '../support/oracle/compare-answers.ts'
import { contractEnv } from '../support/env.ts'
import { alphabet, bodyPlans, sometimes, textOf, weighted, type Alphabet } from './body-plans.ts'
import { bodyOf, pageBounds, searchedFields } from './document-fields.ts'
import {
  createContact,
  createContacts,
  createRelationships,
  createRelationshipStep,
  deleteContact,
  deleteRelationship,
  fetchContact,
  fetchRelationship,
  listContactsStep,
  observe,
  patchContact,
  patchRelationship,
  PINNED,
  step,
  type DeletePlan,
  type ListPlan,
  type Step,
} from './steps.ts'
import { newWorld, type Pick, type World } from './world.ts'

/** Steps per sequence at most: long enough to reach any state worth seeing, short to shrink. */
const MAX_STEPS = 12
/**
 * Without a seed, the phase stops drawing new sequences after this long (shrinking a failure may
 * add to it). With one it draws them all: a seed names the sequences, whatever the machine's speed.
 */
const TIME_LIMIT_MS = 40_000

/** Time passes: past a millisecond clock's step, a write must move the record's clock fields. */
const pause = step(
  `wait ${String(CLOCK_STEP_MS)} ms`,
  () => new Promise((done) => setTimeout(done, CLOCK_STEP_MS)),
)

/** A record of the sequence, now and then one no record has. */
const pick: fc.Arbitrary<Pick> = fc.record({ unknown: sometimes(7, 1), slot: fc.nat({ max: 7 }) })

function stepArbitrary(): fc.Arbitrary<Step> {
  const { maxLimit } = pageBounds('listContacts')
  const createPlans = bodyPlans(bodyOf('createContact'), 1)
  // a patch leaves most fields out
  const patchPlans = bodyPlans(bodyOf('updateContact'), 9)
  const deletePlan: fc.Arbitrary<DeletePlan> = fc.record({
    pick,
    query: weighted<DeletePlan['query']>(
      [3, fc.constant({ kind: 'absent' })],
      [3, fc.record({ kind: fc.constant('value' as const), index: fc.nat() })],
      [1, fc.constant({ kind: 'refused' })],
    ),
    body: weighted<DeletePlan['body']>(
      [3, fc.constant({ kind: 'absent' })],
      [
        2,
        fc.record({
          kind: fc.constant('value' as const),
          plan: bodyPlans(bodyOf('deleteContact'), 1),
        }),
      ],
    ),
  })
  const listPlan: fc.Arbitrary<ListPlan> = fc.record({
    deleted: fc.boolean(),
    page: weighted([3, fc.constant(1)], [2, fc.integer({ min: 0, max: 3 })]),
    limit: weighted<ListPlan['limit']>(
      [3, fc.constant('max')],
      [3, fc.integer({ min: 1, max: 3 })],
      [1, fc.constant('over')],
    ),
    search: fc.oneof(
      fc.constantFrom<'word' | 'stem' | 'stem-upper'>('word', 'stem', 'stem-upper'),
      fc.record({ more: alphabet }),
    ),
  })
  const relationshipPlans = bodyPlans(bodyOf('createUserRelationship'), 1, PINNED)
  // many contacts: a few, or more than the largest page (a hundred requests and more: one step
  // in some 160, about three times in a run of 100 sequences)
  const many = weighted(
    [1, fc.integer({ min: 2, max: 5 })],
    [1, fc.integer({ min: maxLimit + 1, max: maxLimit + 3 })],
  )
  const relationships = fc.array(fc.record({ type: fc.nat({ max: 3 }), plan: relationshipPlans }), {
    minLength: 2,
    maxLength: 3,
  })
  return weighted<Step>(
    [16, createPlans.map(createContact)],
    [1, many.map(createContacts)],
    [14, fc.tuple(pick, patchPlans).map(([at, plan]) => patchContact(at, plan))],
    [8, deletePlan.map(deleteContact)],
    [
      6,
      fc
        .tuple(pick, fc.array(fc.nat(), { maxLength: 3 }), fc.boolean())
        .map(([at, groups, refused]) => fetchContact(at, groups, refused && groups.length > 2)),
    ],
    [6, listPlan.map(listContactsStep)],
    [
      10,
      fc
        .tuple(pick, fc.nat({ max: 3 }), relationshipPlans)
        .map(([at, type, plan]) => createRelationshipStep(at, type, plan)),
    ],
    [3, fc.tuple(pick, relationships).map(([at, each]) => createRelationships(at, each))],
    [
      5,
      fc
        .tuple(pick, bodyPlans(bodyOf('updateUserRelationship'), 1))
        .map(([at, plan]) => patchRelationship(at, plan)),
    ],
    [4, pick.map(deleteRelationship)],
    [4, pick.map(fetchRelationship)],
    [2, fc.constant(pause)],
  )
}

/** What a sequence shares: which searched field carries its word, and the stem after it. */
interface SequencePlan {
  carrier: number
  stem: { script: Alphabet; size: number }
}

const sequencePlan: fc.Arbitrary<SequencePlan> = fc.record({
  carrier: fc.nat(),
  stem: fc.record({ script: alphabet, size: fc.integer({ min: 1, max: 3 }) }),
})

const carrierOf = (plan: SequencePlan): string => {
  const fields = searchedFields()
  return fields[plan.carrier % Math.max(1, fields.length)] ?? 'nickname'
}

const worldOf = (plan: SequencePlan): World =>
  newWorld(carrierOf(plan), textOf(plan.stem.script, plan.stem.size))

async function runSequence(steps: Iterable<Step>, world: World): Promise<void> {
  try {
    await fc.asyncModelRun(() => ({ model: {}, real: world }), steps)
    await observe(world)
  } finally {
    world.session?.close()
  }
}

/** A curl line shown at most this long: a body at its limits runs to kilobytes. */
const MAX_CURL = 1000

const shortened = (line: string): string =>
  line.length <= MAX_CURL
    ? line
    : `${line.slice(0, MAX_CURL)}… (${String(line.length - MAX_CURL)} characters more; --seed replays it whole)`

/**
 * The failure's first lines, and past them its findings (`  - field: target …, reference …`) and
 * both answers: a request's multipart body can fill the lines before them.
 */
function firstLines(error: unknown, count: number): string {
  const lines = (error instanceof Error ? error.message : String(error)).split('\n')
  const findings = lines.slice(count).filter((line) => /^ +(- |target: |reference: )/.test(line))
  return [...lines.slice(0, count), ...(findings.length > 0 ? ['  …', ...findings] : [])].join('\n')
}

/** Runs the phase; resolves with a report of the shortest failing sequence, or undefined. */
export async function runGenerativePhase(): Promise<string | undefined> {
  const { seed: given, runs } = contractEnv()
  const seed = given ?? Math.floor(Math.random() * 2 ** 31)
  process.stdout.write(`  generative phase: ${String(runs)} sequences, seed ${String(seed)}\n`)
  const started = Date.now()
  // what the phase did, for the run's log
  const figures = { sequences: 0, requests: 0 }
  const sequences = fc.tuple(
    sequencePlan,
    fc.commands([stepArbitrary()], { maxCommands: MAX_STEPS }),
  )
  const result = await fc.check(
    fc.asyncProperty(sequences, async ([plan, steps]) => {
      const world = worldOf(plan)
      figures.sequences += 1
      try {
        await runSequence(steps, world)
      } finally {
        figures.requests += world.curl.length
      }
    }),
    {
      seed,
      numRuns: runs,
      ...(given === undefined ? { interruptAfterTimeLimit: TIME_LIMIT_MS } : {}),
      markInterruptAsFailure: false,
    },
  )
  process.stdout.write(
    `  generative phase: ${String(figures.sequences)} sequences run (shrinking included), ${String(figures.requests)} requests, ${String(Date.now() - started)} ms\n`,
  )
  if (!result.failed || result.counterexample === null) return undefined
  const [[plan, steps]] = result.counterexample
  const shown = [...steps].map((item, index) => `  ${String(index + 1)}. ${item.toString()}`)
  const replay = worldOf(plan)
  const again = await runSequence(steps, replay).then(
    () => 'it passed when replayed: the target may depend on timing',
    (error: unknown) => firstLines(error, 16),
  )
  return [
    `The target disagrees with the model after ${String(shown.length)} steps (the reference model, fresh for each sequence; shrunk ${String(result.numShrinks)} times; replay with --seed ${String(seed)}):`,
    `  (the contacts carry the sequence's word in ${carrierOf(plan)}, followed by ${JSON.stringify(replay.stem)})`,
    ...shown,
    `What went wrong on replay:`,
    again,
    `The replay as curl (CONTRACT_TOKEN is your token):`,
    ...replay.curl.map((line) => `  ${shortened(line)}`),
  ].join('\n')
}
