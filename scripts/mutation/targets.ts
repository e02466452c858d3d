// What the mutation run mutates: the code behind the documented API, as Stryker's `mutate`
// globs. Left out, because the suite never asks for them: the admin API (its handlers and the
// guard of /__admin), and the engines the process mock does not load (the data file's disk/ code,
// the page's indexeddb/ and the memory-only volatile.ts of the fetch entries).
export const MUTATE = [
  'mock/handlers/**/*.ts',
  '!mock/handlers/admin/**',
  'mock/pipeline/**/*.ts',
  '!mock/pipeline/access/admin-guard.ts',
  'mock/store/memory/*.ts',
  '!mock/store/memory/volatile.ts',
  'mock/faults/**/*.ts',
  'mock/shared/problem.ts',
  // the mock's router matches request paths with it
  'openapi/path-templates.ts',
  '!**/*.test.ts',
]

/** The folders holding those files, where the dry run counts the mutants Stryker placed. */
export const MUTATED_FOLDERS = [
  'mock/handlers',
  'mock/pipeline',
  'mock/store/memory',
  'mock/faults',
  'mock/shared',
  'openapi',
]

/** The variables the run passes from its entry point to each run of the command (run-mutant.ts). */
export const RUN_VARIABLES = {
  /** Where the dry run writes the drawn mutant ids, one a line: the command's gate reads it. */
  sampleFile: 'MUTATION_SAMPLE_FILE',
  /** How many mutants to draw; unset: all of them. */
  sampleSize: 'MUTATION_SAMPLE_SIZE',
  /** The seed of the draw, and of the suite's generative phase in every run. */
  seed: 'MUTATION_SEED',
  /** Where each run of the suite appends its mutant id (none: the dry run), its time in ms and its exit code. */
  timesFile: 'MUTATION_TIMES_FILE',
  /** A folder for the mocks' data files, removed at the end (a timed-out run is killed outright). */
  tempDir: 'MUTATION_TEMP_DIR',
} as const

/** Stryker's variable naming the active mutant (the instrumented code reads it at load). */
export const ACTIVE_MUTANT = '__STRYKER_ACTIVE_MUTANT__'

/**
 * The lines `npm test` mutates (`--subset`): every mutant of them changes what the document states
 * and is killed, so a run that lets one live means the suite lost a check. Stryker's ranges are
 * lines: when one of these files changes above them, move the range with the code it names.
 */
export const SUBSET = [
  // a member of another organization is a 403 (the membership check)
  'mock/pipeline/access/authenticate.ts:41-41',
  // a form name plain, then nested, is a 400 (decision 19)
  'mock/pipeline/decode/parse-form.ts:66-66',
  // a list's page: which records, count and first
  'mock/store/memory/ordered-index.ts:170-170',
] as const
