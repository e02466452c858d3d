// contract_run: the contract suite against a base URL, as the `contacts-contract` command in a
// child process (the package's own, beside this module), with its --summary and --junit files in
// the data folder, read back as data. Bounded in time: the runner's own --deadline, and the
// process group killed a little after it.
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isLoopbackAddress } from '../process/listen-address.ts'
import { ToolError } from './mock-link.ts'
import { capText, MAX_OUTPUT_BYTES, takeWithin } from './output-bounds.ts'
import type { Sandbox, Sandboxes } from './sandboxes.ts'
import { objectOf, SANDBOX_NAME, TRUNCATED, type JsonSchema } from './tool-schemas.ts'

// compiled, this module is dist/mock/mcp/contract-run.js and the command dist/contract-tests/cli.js
const RUNS_AS_TYPESCRIPT = import.meta.url.endsWith('.ts')
const CLI = fileURLToPath(
  new URL(`../../contract-tests/cli.${RUNS_AS_TYPESCRIPT ? 'ts' : 'js'}`, import.meta.url),
)
/** How long after the runner's own deadline its processes are killed. */
const KILL_GRACE_MS = 15_000
const FAILURES_LISTED = 20
/** How much of the runner's output is kept for a run that could not start its checks. */
const OUTPUT_TAIL_CHARS = 2_000

export interface ContractRunInput {
  sandbox?: string
  base_url?: string
  token?: string
  org_id?: string
  foreign_sandbox?: string
  read_only?: boolean
  deadline_seconds?: number
  rules?: string[]
  only?: string[]
  seed?: number
}

export const CONTRACT_RUN_INPUT = objectOf({
  sandbox: {
    ...SANDBOX_NAME,
    description:
      'Whose identities the suite uses: its first user’s token and org, its second user, its first user’s login. Or give token and org_id.',
  },
  base_url: {
    type: 'string',
    pattern: '^https?://[^/]',
    description:
      'The server to check (default: this mock). Another machine needs the server’s --allow-remote-contract.',
  },
  token: { type: 'string', description: 'A bearer token of that server (instead of sandbox).' },
  org_id: { type: 'string', description: 'An organization of that token’s user.' },
  foreign_sandbox: {
    ...SANDBOX_NAME,
    description: 'Another sandbox, for the isolation checks (its org must be refused).',
  },
  read_only: {
    type: 'boolean',
    default: true,
    description: 'Only the checks that write nothing (GET, HEAD, OPTIONS). false runs them all.',
  },
  deadline_seconds: {
    type: 'integer',
    minimum: 10,
    maximum: 1800,
    default: 300,
    description: 'The run stops after this long (the suite takes 1 to 3 minutes against the mock).',
  },
  rules: {
    type: 'array',
    items: { type: 'string', minLength: 1 },
    maxItems: 50,
    description: 'Only the checks of these rule ids (contacts-contract --coverage lists them).',
  },
  only: {
    type: 'array',
    items: { type: 'string', pattern: '^(interface|service-docs|decisions|decision:[1-9][0-9]*)$' },
    maxItems: 30,
    description:
      'Only the checks of the rules these state: interface (the interface as the user gave it), service-docs (the real service’s public docs), decisions (all of this kit’s), decision:N (one of them).',
  },
  seed: { type: 'integer', minimum: 0, description: 'The seed of its generated requests.' },
})

const COUNT: JsonSchema = { type: 'integer', minimum: 0 }

export const CONTRACT_RUN_OUTPUT = objectOf(
  {
    base_url: { type: 'string' },
    read_only: { type: 'boolean' },
    outcome: {
      type: 'string',
      enum: ['keeps the contract', 'breaks the contract', 'could not run', 'timed out'],
    },
    exit_code: { type: ['integer', 'null'] },
    elapsed_ms: COUNT,
    counts: {
      type: ['object', 'null'],
      additionalProperties: false,
      required: ['checks', 'passed', 'failed', 'skipped', 'problems'],
      properties: { checks: COUNT, passed: COUNT, failed: COUNT, skipped: COUNT, problems: COUNT },
    },
    rules: {
      type: 'array',
      description: 'The summary, one row per rule the suite checks (a test file’s describe).',
      items: objectOf(
        {
          rule: { type: 'string' },
          checked: COUNT,
          passed: COUNT,
          failed: COUNT,
          skipped: COUNT,
          why_skipped: { type: 'string' },
        },
        ['rule', 'checked', 'passed', 'failed', 'skipped', 'why_skipped'],
      ),
    },
    failures: {
      type: 'array',
      description: `The failed checks (the first ${String(FAILURES_LISTED)}), with the first lines of each message.`,
      items: objectOf({ check: { type: 'string' }, message: { type: 'string' } }, [
        'check',
        'message',
      ]),
    },
    failures_total: COUNT,
    provenance: {
      type: ['object', 'null'],
      description:
        'The failed rules by who states them (the document’s x-provenance): a broken rule of the interface is a broken deployment; one of a decision means the deployment decided otherwise. Null when the run wrote no report.',
      additionalProperties: false,
      required: ['line', 'failed_by_provenance'],
      properties: {
        line: { type: 'string' },
        failed_by_provenance: {
          type: 'object',
          additionalProperties: { type: 'array', items: { type: 'string' } },
        },
      },
    },
    output_tail: {
      type: ['string', 'null'],
      description: 'The end of the runner’s output when it could not run, else null.',
    },
    reports: objectOf({ summary: { type: 'string' }, junit: { type: 'string' } }, [
      'summary',
      'junit',
    ]),
    truncated: TRUNCATED,
  },
  [
    'base_url',
    'read_only',
    'outcome',
    'exit_code',
    'elapsed_ms',
    'counts',
    'rules',
    'failures',
    'failures_total',
    'provenance',
    'output_tail',
    'reports',
    'truncated',
  ],
)

/** The failed rules by provenance, from the run's coverage.json (its `summary`). */
function provenanceOf(
  json: string | undefined,
): { line: string; failed_by_provenance: Record<string, string[]> } | null {
  if (json === undefined) return null
  const { summary } = JSON.parse(json) as {
    summary?: { provenance?: string; failedByProvenance?: Record<string, string[]> }
  }
  if (summary?.provenance === undefined) return null
  const failed = Object.entries(summary.failedByProvenance ?? {})
  // bounded as the failures are: a deployment that breaks everything lists its first rules
  const bounded = failed.map(([group, ids]): [string, string[]] => [
    group,
    ids.slice(0, FAILURES_LISTED),
  ])
  return { line: summary.provenance, failed_by_provenance: Object.fromEntries(bounded) }
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
const unescapeXml = (text: string): string =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name] ?? '')

/** The failed checks of the runner's JUnit report (runner/report/junit-report.ts). */
function failuresOf(junit: string): { check: string; message: string }[] {
  const failed =
    /<testcase name="([^"]*)" classname="([^"]*)"[^>]*>\s*<failure type="failure" message="[^"]*">([^<]*)<\/failure>/g
  return [...junit.matchAll(failed)].map(([, name = '', classname = '', text = '']) => ({
    check: capText(unescapeXml(`${classname} › ${name}`), 500),
    message: capText(unescapeXml(text).split('\n').slice(0, 12).join('\n')),
  }))
}

const number = (text: string | undefined): number => Number(text ?? 0)

/** The counts and the rows of the runner's Markdown summary (runner/report/markdown-summary.ts). */
function summaryOf(markdown: string) {
  const total =
    /^(\d+) checks: (\d+) passed, (\d+) failed, (\d+) skipped; (\d+) failures outside/m.exec(
      markdown,
    )
  const counts = total && {
    checks: number(total[1]),
    passed: number(total[2]),
    failed: number(total[3]),
    skipped: number(total[4]),
    problems: number(total[5]),
  }
  const row = /^\| \S+ (.+?) \| (\d+) \| (\d+) \| (\d+) \| (\d+)(?:: (.*?))? \|$/gm
  const rules = [...markdown.matchAll(row)].map(
    ([, rule = '', checked, passed, failed, skipped, why = '']) => ({
      rule: capText(rule.replaceAll('\\|', '|'), 300),
      checked: number(checked),
      passed: number(passed),
      failed: number(failed),
      skipped: number(skipped),
      why_skipped: capText(why, 300),
    }),
  )
  return { counts, rules }
}

const readIfThere = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}

export interface ContractRunnerDeps {
  /** The mock's URL: the default base URL. */
  mockUrl: string
  sandboxes: Sandboxes
  /** Where each run's reports go (a folder of the data folder). */
  runsDir: string
  allowRemote: boolean
}

export interface RunContext {
  signal: AbortSignal
  /** Called with the count of checks done as the run goes, for the client's progress. */
  onProgress?: (checks: number) => void
}

function identitiesOf(input: ContractRunInput, sandboxes: Sandboxes) {
  const sandbox: Sandbox | undefined =
    input.sandbox === undefined ? undefined : sandboxes.get(input.sandbox)
  const token = input.token ?? sandbox?.users[0]?.token
  const org = input.org_id ?? sandbox?.org_id
  if (token === undefined || org === undefined) {
    throw new ToolError('contract_run needs a sandbox, or a token and an org_id of the target.')
  }
  const foreign =
    input.foreign_sandbox === undefined ? undefined : sandboxes.get(input.foreign_sandbox)
  const [first, second] = sandbox?.users ?? []
  const useSandbox = input.token === undefined && input.org_id === undefined
  return {
    args: [
      ...['--org', org],
      ...(useSandbox && first ? ['--email', first.email] : []),
      ...(foreign ? ['--foreign-org', foreign.org_id] : []),
    ],
    // secrets go by variable: a command line shows in every process list
    env: {
      CONTRACT_TOKEN: token,
      ...(useSandbox && first && { CONTRACT_PASSWORD: first.password }),
      ...(useSandbox && second && { CONTRACT_SECOND_TOKEN: second.token }),
      ...(foreign?.users[0] && { CONTRACT_FOREIGN_TOKEN: foreign.users[0].token }),
    },
  }
}

/** The runs, each in its own folder of `runsDir`; stopAll() kills those still going (the exit). */
export function createContractRunner(deps: ContractRunnerDeps) {
  let runs = 0
  const running = new Set<() => void>()
  const run = async (input: ContractRunInput, context: RunContext) => {
    const baseUrl = (input.base_url ?? deps.mockUrl).replace(/\/+$/, '')
    const host = new URL(baseUrl).hostname
    if (!isLoopbackAddress(host) && !deps.allowRemote) {
      throw new ToolError(
        `contract_run checks only this machine by default, and ${host} is not loopback: ` +
          'start the MCP server with --allow-remote-contract (MCP_ALLOW_REMOTE_CONTRACT=1) to check it.',
      )
    }
    const identities = identitiesOf(input, deps.sandboxes)
    const readOnly = input.read_only ?? true
    const deadlineMs = (input.deadline_seconds ?? 300) * 1000
    runs += 1
    const dir = join(deps.runsDir, `run-${String(runs)}-${String(Date.now())}`)
    const tmp = join(dir, 'tmp')
    mkdirSync(tmp, { recursive: true })
    const reports = { summary: join(dir, 'summary.md'), junit: join(dir, 'junit.xml') }
    const args = [
      ...(RUNS_AS_TYPESCRIPT ? ['--import', import.meta.resolve('tsx')] : []),
      CLI,
      ...['--base-url', baseUrl, ...identities.args],
      ...['--summary', reports.summary, '--junit', reports.junit, '--coverage'],
      ...['--deadline', `${String(deadlineMs / 1000)}s`],
      ...(readOnly ? ['--read-only'] : []),
      ...(input.rules && input.rules.length > 0 ? ['--rules', input.rules.join(',')] : []),
      ...(input.only && input.only.length > 0 ? ['--only', input.only.join(',')] : []),
      ...(input.seed === undefined ? [] : ['--seed', String(input.seed)]),
    ]
    const started = Date.now()
    // a clean environment: no CONTRACT_* of this process's, no GITHUB_STEP_SUMMARY to append to,
    // temporary files in the run's folder
    const child = spawn(process.execPath, args, {
      cwd: dir,
      env: {
        PATH: process.env['PATH'] ?? '',
        TMPDIR: tmp,
        NO_COLOR: '1',
        ...identities.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // its own process group: the kill reaches the test processes it starts
      detached: true,
    })
    let output = ''
    let checks = 0
    const collect = (chunk: Buffer): void => {
      const text = chunk.toString('utf8')
      checks += text.match(/^\s*[✓✕○] /gm)?.length ?? 0
      output = (output + text).slice(-OUTPUT_TAIL_CHARS * 4)
      context.onProgress?.(checks)
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    const stopped = { killed: false }
    const kill = (): void => {
      stopped.killed = true
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
      } catch {
        // gone already
      }
    }
    const timer = setTimeout(kill, deadlineMs + KILL_GRACE_MS)
    context.signal.addEventListener('abort', kill, { once: true })
    running.add(kill)
    const code = await new Promise<number | null>((resolve) => {
      child.once('close', (exitCode) => {
        resolve(exitCode)
      })
    })
    clearTimeout(timer)
    context.signal.removeEventListener('abort', kill)
    running.delete(kill)

    const { counts, rules } = summaryOf(readIfThere(reports.summary) ?? '')
    const failures = failuresOf(readIfThere(reports.junit) ?? '')
    // --coverage writes it beside --junit: each rule's verdict and provenance (runner/report/coverage.ts)
    const provenance = provenanceOf(readIfThere(join(dir, 'coverage.json')))
    const outcome = stopped.killed
      ? 'timed out'
      : code === 0
        ? 'keeps the contract'
        : code === 1
          ? 'breaks the contract'
          : 'could not run'
    const listed = takeWithin(failures.slice(0, FAILURES_LISTED), MAX_OUTPUT_BYTES / 2)
    const rows = takeWithin(rules, MAX_OUTPUT_BYTES / 4)
    return {
      base_url: baseUrl,
      read_only: readOnly,
      outcome,
      exit_code: code,
      elapsed_ms: Date.now() - started,
      counts,
      rules: rows.kept,
      failures: listed.kept,
      failures_total: failures.length,
      provenance,
      output_tail:
        outcome === 'keeps the contract' || outcome === 'breaks the contract'
          ? null
          : output.slice(-OUTPUT_TAIL_CHARS),
      reports,
      truncated: rows.truncated || listed.kept.length < failures.length,
    }
  }
  return {
    run,
    stopAll: (): void => {
      for (const kill of running) kill()
    },
  }
}

export type ContractRunner = ReturnType<typeof createContractRunner>
