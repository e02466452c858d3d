// The generative phase: random sequences of steps (fast-check, seeded) run against the target and
// a model of the documented behaviour. A failure is shrunk to the shortest sequence that still
// fails, replayed once more, and reported as its steps and as curl commands.
import fc from 'fast-check'
import { contractEnv } from '../support/env.ts'
import { uniqueWord } from '../support/records.ts'
import {
  CreateContact,
  DeleteContact,
  FetchContact,
  PatchContact,
  CreateRelationship,
  type Step,
} from './commands.ts'
import { DeleteRelationship, FetchRelationship, ListRelationships } from './relationship-steps.ts'
import type { Model, World } from './world.ts'

/** Steps per sequence at most: long enough to reach any state worth seeing, short to shrink. */
const MAX_STEPS = 12
/** The phase stops drawing new sequences after this long (shrinking a failure may add to it). */
const TIME_LIMIT_MS = 40_000

const slot = fc.nat({ max: 7 })

const STEPS = [
  fc.constantFrom('Ann', 'Bo', 'Cyd').map((name) => new CreateContact(name)),
  fc
    .tuple(slot, fc.constantFrom('Analyst', 'Lead', 'CTO'))
    .map(([at, title]) => new PatchContact(at, title)),
  fc.tuple(slot, fc.boolean()).map(([at, purge]) => new DeleteContact(at, purge)),
  fc.tuple(slot, fc.boolean()).map(([at, tags]) => new FetchContact(at, tags)),
  slot.map((at) => new CreateRelationship(at)),
  slot.map((at) => new DeleteRelationship(at)),
  slot.map((at) => new FetchRelationship(at)),
  fc.constant(new ListRelationships()),
]

const newWorld = (): World => ({ word: uniqueWord('Gen'), curl: [] })
const setup = (world: World) => (): { model: Model; real: World } => ({
  model: { contacts: [], relationships: [] },
  real: world,
})

async function runSequence(steps: Iterable<Step>, world = newWorld()): Promise<void> {
  await fc.asyncModelRun(setup(world), steps)
}

const firstLines = (error: unknown, count: number): string =>
  (error instanceof Error ? error.message : String(error)).split('\n').slice(0, count).join('\n')

/** Runs the phase; resolves with a report of the shortest failing sequence, or undefined. */
export async function runGenerativePhase(): Promise<string | undefined> {
  const { seed = Math.floor(Math.random() * 2 ** 31), runs } = contractEnv()
  process.stdout.write(`  generative phase: ${String(runs)} sequences, seed ${String(seed)}\n`)
  const result = await fc.check(
    fc.asyncProperty(fc.commands(STEPS, { maxCommands: MAX_STEPS }), (steps) => runSequence(steps)),
    { seed, numRuns: runs, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false },
  )
  if (!result.failed || result.counterexample === null) return undefined
  const [steps] = result.counterexample
  const shown = [...steps].map((step, index) => `  ${String(index + 1)}. ${step.toString()}`)
  const replay = newWorld()
  const again = await runSequence(steps, replay).then(
    () => 'it passed when replayed: the target may depend on timing',
    (error: unknown) => firstLines(error, 12),
  )
  return [
    `The target disagrees with the model after ${String(shown.length)} steps (shrunk ${String(result.numShrinks)} times; replay with --seed ${String(seed)}):`,
    ...shown,
    `What went wrong on replay:`,
    again,
    `The replay as curl (CONTRACT_TOKEN is your token):`,
    ...replay.curl.map((line) => `  ${line}`),
  ].join('\n')
}
