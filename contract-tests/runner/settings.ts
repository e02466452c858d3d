// Each setting of contacts-contract: a flag, or the CONTRACT_* variable the suite has always read
// (the flag wins). This table is the one list of them: the parser, the help and the skip reasons
// of the checks all read it.

export const COMMAND = 'contacts-contract'

export interface Setting {
  /** The flag without its dashes; absent for the settings only a variable gives. */
  flag?: string
  /** The value's name in the help; absent for a switch. */
  value?: string
  variable?: string
  meaning: string
  fallback: string
  /** A secret's value is redacted wherever the run's output would show it. */
  secret?: 'token' | 'password'
}

export const SETTINGS = {
  baseUrl: {
    flag: 'base-url',
    value: 'URL',
    variable: 'CONTRACT_BASE_URL',
    meaning: 'the server to check, e.g. https://staging.example.com',
    fallback:
      'none: start the bundled mock on a free port, with a temporary data file, and check it with the fixture identities',
  },
  fetchModule: {
    flag: 'fetch-module',
    value: 'FILE',
    variable: 'CONTRACT_FETCH_MODULE',
    meaning:
      "check a fetch function instead of a server: a module exporting fetch (or a default export) or createFetch() returning one, optionally baseUrl and close; the runner relays the checks' requests to it (with the fixture identities unless --token and --org are given)",
    fallback: 'none',
  },
  token: {
    flag: 'token',
    value: 'TOKEN',
    variable: 'CONTRACT_TOKEN',
    meaning: 'a bearer token',
    secret: 'token',
    fallback: 'required with --base-url',
  },
  orgId: {
    flag: 'org',
    value: 'ID',
    variable: 'CONTRACT_ORG_ID',
    meaning: "an organization the token's user is a member of",
    fallback: 'required with --base-url',
  },
  secondToken: {
    flag: 'second-token',
    value: 'TOKEN',
    variable: 'CONTRACT_SECOND_TOKEN',
    meaning: 'another user of that organization: ownership checks of user relationships',
    secret: 'token',
    fallback: 'unset: those checks are skipped',
  },
  foreignOrgId: {
    flag: 'foreign-org',
    value: 'ID',
    variable: 'CONTRACT_FOREIGN_ORG_ID',
    meaning: "an organization the token's user is not a member of: isolation checks (403)",
    fallback: 'unset: those checks are skipped',
  },
  foreignToken: {
    flag: 'foreign-token',
    value: 'TOKEN',
    variable: 'CONTRACT_FOREIGN_TOKEN',
    meaning: "a user of --foreign-org: checks that another organization's records are 404 here",
    secret: 'token',
    fallback: 'unset: those checks are skipped',
  },
  email: {
    flag: 'email',
    value: 'EMAIL',
    variable: 'CONTRACT_EMAIL',
    meaning:
      'a user who can log in (POST /api/v1/login), with CONTRACT_PASSWORD: the login and logout checks',
    fallback: "unset: those checks are skipped; with the bundled mock, Alice's",
  },
  password: {
    // no flag: a password on a command line ends up in shell histories and process lists
    variable: 'CONTRACT_PASSWORD',
    meaning: 'the password of CONTRACT_EMAIL',
    secret: 'password',
    fallback: 'unset: the login and logout checks are skipped',
  },
  relationshipId: {
    flag: 'relationship-id',
    value: 'ID',
    variable: 'CONTRACT_RELATIONSHIP_ID',
    meaning: 'a relationship type for creating user relationships',
    fallback: 'the first of GET /api/v1/relationships',
  },
  readOnly: {
    flag: 'read-only',
    variable: 'CONTRACT_READ_ONLY',
    meaning:
      'only the checks that write nothing: GET, HEAD and OPTIONS requests only (production smoke tests)',
    fallback: 'off; the variable turns it on with 1, true or yes',
  },
  noOracle: {
    flag: 'no-oracle',
    variable: 'CONTRACT_ORACLE',
    meaning:
      'compare no answer with the reference model (the bundled mock, run in the test process on the same document and fed the same requests): only the checks judge the target',
    fallback:
      "on: every answer about the run's own records is compared; CONTRACT_ORACLE=off turns it off",
  },
  junit: {
    flag: 'junit',
    value: 'FILE',
    meaning: "also write node's JUnit XML report to FILE (its folder is created)",
    fallback: 'none',
  },
  viaPrism: {
    flag: 'via-prism',
    meaning:
      "send every check through Prism's validating proxy, started in front of the target (needs @stoplight/prism-cli, a devDependency of this repository)",
    fallback: 'off',
  },
  behindPrism: {
    variable: 'CONTRACT_VIA_PRISM',
    meaning:
      'the base URL already is a Prism proxy that you run: skip the checks Prism cannot forward',
    fallback: 'off; on with 1, true or yes',
  },
  runId: {
    variable: 'CONTRACT_RUN_ID',
    meaning: 'the id in contract-run-<id>, the marker every record of the run carries',
    fallback: 'random',
  },
  document: {
    flag: 'document',
    value: 'FILE',
    variable: 'CONTRACT_DOCUMENT',
    meaning:
      'the OpenAPI document to hold the target to (YAML or JSON), e.g. your own version of it',
    fallback: "the package's openapi/openapi.yaml",
  },
  requestTimeout: {
    flag: 'request-timeout',
    value: 'MS',
    variable: 'CONTRACT_REQUEST_TIMEOUT_MS',
    meaning: 'how long one request may take before it fails',
    fallback: '15000',
  },
  checkTimeout: {
    flag: 'check-timeout',
    value: 'MS',
    variable: 'CONTRACT_CHECK_TIMEOUT_MS',
    meaning: 'how long one check (or hook), all its requests included, may take',
    fallback: '30000, and at least twice the request timeout',
  },
  deadline: {
    flag: 'deadline',
    value: 'DURATION',
    variable: 'CONTRACT_DEADLINE',
    meaning:
      'how long the whole run may take, e.g. 90s, 10m or 1h: past it the run stops the test files and what they started, removes its records if it can within 5 s, says so in one line and exits with code 2',
    fallback: '10m',
  },
  bail: {
    flag: 'bail',
    variable: 'CONTRACT_BAIL',
    meaning: 'stop at the first failed check (the records of the run are still removed)',
    fallback: 'off; on with 1, true or yes',
  },
  summary: {
    flag: 'summary',
    value: 'FILE',
    variable: 'CONTRACT_SUMMARY',
    meaning:
      'also write a Markdown summary (one row per rule: checked, passed, failed, skipped and why) to FILE; it is added to GITHUB_STEP_SUMMARY too when that is set',
    fallback: 'none (GITHUB_STEP_SUMMARY alone when set)',
  },
  seed: {
    flag: 'seed',
    value: 'N',
    variable: 'CONTRACT_SEED',
    meaning:
      'the seed of the generative phase: a failure it prints can be replayed with the same seed',
    fallback: 'random, printed at the start of the phase',
  },
  runs: {
    flag: 'runs',
    value: 'N',
    variable: 'CONTRACT_RUNS',
    meaning: 'how many random sequences the generative phase tries (0 turns it off)',
    fallback: '100',
  },
  coverage: {
    flag: 'coverage',
    variable: 'CONTRACT_COVERAGE',
    meaning:
      "after the run, list each rule of the document (its decisions, statuses, headers, order of checks, body fields and query parameters) with the checks that cover it, uncovered rules first, and write them to coverage.json in the reports folder (that of --junit, else ./reports); the exit code stays the run's",
    fallback: 'off; on with 1, true or yes',
  },
  rules: {
    flag: 'rules',
    value: 'ID,ID,…',
    variable: 'CONTRACT_RULES',
    meaning:
      'run only the checks that cover one of these rules, by the ids --coverage lists (e.g. decision:10,status:getContact:404)',
    fallback: 'every check',
  },
} as const satisfies Record<string, Setting>

export type SettingName = keyof typeof SETTINGS

/** How a check's skip reason names a setting: `--second-token (CONTRACT_SECOND_TOKEN)`. */
export function nameSetting(name: SettingName): string {
  const { flag, variable }: Setting = SETTINGS[name]
  if (flag === undefined) return variable ?? name
  return variable === undefined ? `--${flag}` : `--${flag} (${variable})`
}
