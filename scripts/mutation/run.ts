// `npm run test:mutation -- [--sample N] [--seed S] [--concurrency C]`: StrykerJS mutates the code
// of the documented API (targets.ts) and runs the contract suite against each mutant of a sample
// drawn by seed (run-mutant.ts), then reports the score and the survivors (report.ts) in
// reports/mutation/. See "Measured by mutants" in docs/contract-suite.md.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Stryker } from '@stryker-mutator/core'
import {
  helpText,
  integer,
  optional,
  option,
  parseCommandLine,
  switchOption,
  usageLine,
  UsageError,
  type CommandSpec,
} from '../../mock/process/command-line.ts'
import { judge, markdownOf, scoreOf, type MeasuredMutant, type RunFacts } from './report.ts'
import { MUTATE, RUN_VARIABLES, SUBSET } from './targets.ts'

type StrykerResult = Awaited<ReturnType<Stryker['runMutationTest']>>[number]

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const REPORTS = join(ROOT, 'reports/mutation')
const SUBSET_REPORTS = join(ROOT, 'reports/mutation-subset')

const OPTIONS = {
  sample: option({
    flag: 'sample',
    value: 'N',
    parse: optional(integer(1)),
    default: undefined,
    help: 'run the suite against N mutants drawn at random',
    shows: 'every mutant',
  }),
  seed: option({
    flag: 'seed',
    value: 'S',
    parse: optional(integer(0)),
    default: undefined,
    help: "the draw's seed, and the suite's generative seed",
    shows: 'random, printed',
  }),
  concurrency: option({
    flag: 'concurrency',
    value: 'C',
    parse: integer(1),
    default: 2,
    help: 'mutants measured at once',
  }),
  mutate: option({
    flag: 'mutate',
    value: 'PATTERN',
    parse: optional((value: string) => value.split(',')),
    default: undefined,
    multiple: true,
    help: "instead of the documented API's code, these files or ranges, in Stryker's form (e.g. mock/pipeline/access/authenticate.ts:41-41); may be repeated",
  }),
  subset: switchOption({
    flag: 'subset',
    help: 'the few lines npm test runs (targets.ts SUBSET), every mutant of them, seed 1 unless given; reports in reports/mutation-subset/',
  }),
  report: switchOption({
    flag: 'report',
    help: "run nothing: write summary.md again from the last run's mutants.json, with the classifications of scripts/mutation/survivors.ts as they are now",
  }),
}

const COMMAND: CommandSpec<typeof OPTIONS> = {
  name: 'test:mutation',
  run: 'npm run test:mutation --',
  usage: `Usage: npm run test:mutation -- [--sample N] [--seed S] [--concurrency C] [--mutate FILE:LINES]…
       npm run test:mutation -- --subset
       npm run test:mutation -- --report`,
  options: OPTIONS,
}

interface Options {
  report: boolean
  /** Where summary.md, mutants.json and the run's working files go. */
  reports: string
  sample: number | undefined
  seed: number
  concurrency: number
  mutate: string[]
}

function readOptions(): Options {
  let read
  try {
    read = parseCommandLine(COMMAND, process.argv.slice(2), {})
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    console.error(usageLine(COMMAND, error))
    process.exit(2)
  }
  if (read.kind !== 'run') {
    console.log(helpText(COMMAND))
    process.exit(0)
  }
  const { subset, seed, mutate, ...values } = read.values
  return {
    ...values,
    reports: subset ? SUBSET_REPORTS : REPORTS,
    seed: seed ?? (subset ? 1 : Math.floor(Math.random() * 2 ** 31)),
    mutate: subset ? [...SUBSET] : (mutate ?? MUTATE),
  }
}

/** The command runner's command: mutants outside the sample pass at once, without a suite run. */
function commandOf(sampleFile: string): string {
  const script = join(ROOT, 'scripts/mutation/run-mutant.ts')
  const mutant = '"$__STRYKER_ACTIVE_MUTANT__"'
  return (
    `if [ -n ${mutant} ] && ! grep -qxF ${mutant} '${sampleFile}'; then exit 0; fi; ` +
    `exec node --import '${import.meta.resolve('tsx')}' '${script}'`
  )
}

/** The first failed check's title, else why the run stopped (the preflight's refusal, a crash). */
function killerOf(output: string): string | undefined {
  const check = /✕ (.+?)(?: \(\d+ ms\))?$/m.exec(output)?.[1]
  if (check !== undefined) return check
  // its first line says what it checks; the last, why it stopped
  const stopped = [...output.matchAll(/^contacts-contract: (.+)$/gm)].at(-1)?.[1]
  if (stopped !== undefined) return `the run stopped: ${stopped.slice(0, 160)}`
  return output.trim().split('\n').at(-1)?.slice(0, 160)
}

function measured(result: StrykerResult): Omit<MeasuredMutant, 'judgement'> {
  const output = result.statusReason ?? ''
  return {
    id: result.id,
    file: relative(ROOT, result.fileName).split('\\').join('/'),
    line: result.location.start.line,
    column: result.location.start.column,
    mutatorName: result.mutatorName,
    replacement: result.replacement,
    status: result.status,
    atStart: result.status === 'Killed' && output.includes('mutant mock did not start'),
    killedBy: killerOf(output),
  }
}

/** The dry run's time, and the median time of one mutant's run of the suite, from times.tsv. */
async function readTimes(file: string): Promise<{ dryRunMs: number; medianMutantMs: number }> {
  const rows = (await readFile(file, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((row) => row.split('\t'))
  const dryRunMs = Number(rows.find(([id]) => id === '')?.[1] ?? NaN)
  const mutantMs = rows
    .filter(([id]) => id !== '')
    .map(([, ms]) => Number(ms))
    .sort((a, b) => a - b)
  return { dryRunMs, medianMutantMs: mutantMs[Math.floor(mutantMs.length / 2)] ?? NaN }
}

/**
 * Writes summary.md and mutants.json; the exit code is 1 while a survivor is a gap or not yet
 * judged (the aim: every mutant that changes documented behaviour killed).
 */
async function writeReports(
  reports: string,
  mutants: readonly MeasuredMutant[],
  facts: RunFacts,
): Promise<void> {
  const markdown = markdownOf(mutants, facts)
  await writeFile(join(reports, 'summary.md'), markdown)
  const score = scoreOf(mutants)
  await writeFile(
    join(reports, 'mutants.json'),
    `${JSON.stringify({ ...facts, score, mutants }, null, 2)}\n`,
  )
  console.log(`\n${markdown}\nwritten to ${relative(ROOT, reports)}/summary.md and mutants.json`)
  const open = mutants.filter(
    ({ status, judgement }) =>
      status === 'Survived' && (judgement === undefined || judgement.classification === 'gap'),
  )
  if (open.length > 0) {
    console.error(`${String(open.length)} survivors are gaps or not yet judged`)
    process.exitCode = 1
  }
}

/** --report: the last run judged again, by the classifications as they are now. */
async function reportAgain(reports: string): Promise<void> {
  const last = JSON.parse(await readFile(join(reports, 'mutants.json'), 'utf8')) as RunFacts & {
    mutants: MeasuredMutant[]
  }
  const { mutants, ...facts } = last
  const { seed, placed, wallMs, concurrency, dryRunMs, medianMutantMs } = facts
  await writeReports(reports, mutants.map(judge), {
    seed,
    placed,
    wallMs,
    concurrency,
    dryRunMs,
    medianMutantMs,
  })
}

async function main(): Promise<void> {
  const { report, reports, sample, seed, concurrency, mutate } = readOptions()
  if (report) {
    await reportAgain(reports)
    return
  }
  await mkdir(reports, { recursive: true })
  const sampleFile = join(reports, 'sample-ids.txt')
  const timesFile = join(reports, 'times.tsv')
  await rm(sampleFile, { force: true })
  await rm(timesFile, { force: true })
  const tempDir = await mkdtemp(join(tmpdir(), 'mutation-'))
  // passed to every run of the command through the environment Stryker hands down
  process.env[RUN_VARIABLES.sampleFile] = sampleFile
  process.env[RUN_VARIABLES.sampleSize] = sample === undefined ? '' : String(sample)
  process.env[RUN_VARIABLES.seed] = String(seed)
  process.env[RUN_VARIABLES.tempDir] = tempDir
  process.env[RUN_VARIABLES.timesFile] = timesFile
  console.log(
    `mutation run: seed ${String(seed)}, sample ${sample === undefined ? 'all' : String(sample)}` +
      (sample === undefined
        ? ''
        : " (the mutants outside it pass without a run: Stryker's progress counts them as survived)"),
  )
  const started = Date.now()
  let results: StrykerResult[]
  try {
    results = await new Stryker({
      testRunner: 'command',
      commandRunner: { command: commandOf(sampleFile) },
      mutate,
      // the sandbox holds what the mock needs; the suite runs from this checkout
      ignorePatterns: [
        '/*',
        '!/mock',
        '/mock/test',
        '!/openapi',
        '!/fixtures',
        '!/package.json',
        '!/tsconfig.json',
      ],
      concurrency,
      coverageAnalysis: 'off',
      // a mutant's time limit is this factor times the dry run's, plus timeoutMS: only a ceiling
      // for a mutant that hangs the run. The dry run ran alone, the mutants run `concurrency` at
      // once, and a busy machine slows them all: with 5 s over the factor, 21 of 45 sampled mutants
      // of one run on a loaded machine timed out (counted as detected) where they would have run out
      timeoutFactor: 3,
      timeoutMS: 120_000,
      reporters: ['progress'],
      tempDirName: '.stryker-tmp',
      cleanTempDir: true,
    }).runMutationTest()
  } finally {
    await rm(tempDir, { recursive: true, force: true })
  }
  const wallMs = Date.now() - started
  const drawn = new Set((await readFile(sampleFile, 'utf8')).split('\n').filter(Boolean))
  const mutants = results
    .filter(({ id }) => drawn.has(id))
    .map((result) => judge(measured(result)))
    .sort((a, b) => Number(a.id) - Number(b.id))
  const times = await readTimes(timesFile)
  await writeReports(reports, mutants, {
    seed,
    placed: results.length,
    wallMs,
    concurrency,
    ...times,
  })
}

await main()
