// The "test" of one mutant (Stryker's command runner runs it in its sandbox): the sandbox's
// instrumented mock is started with the active mutant in its environment, and the contract suite
// of this checkout, which Stryker never instruments, checks it; the exit code is the suite's.
// Without an active mutant (Stryker's dry run) it also draws the sample the other runs are gated by.
import { spawn, type ChildProcess } from 'node:child_process'
import { appendFile, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ACME_ORG_ID, ALICE, BOB, CAROL, GLOBEX_ORG_ID } from '../../fixtures/identities.ts'
import { waitForReadyLine } from '../../mock/process/ready-line.ts'
import { drawSample } from './sample.ts'
import { ACTIVE_MUTANT, MUTATED_FOLDERS, RUN_VARIABLES } from './targets.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const TSX = import.meta.resolve('tsx')
/** A ceiling for a mock that never prints its ready line; Stryker's own timeout comes first. */
const START_CEILING_MS = 120_000

function variable(name: string): string {
  const value = process.env[name]
  if (value === undefined || value === '') {
    throw new Error(`${name} is unset: run this through npm run test:mutation`)
  }
  return value
}

async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
}

/** Every mutant id Stryker placed in the sandbox (its instrumented code names each one). */
async function placedMutants(sandbox: string): Promise<string[]> {
  const ids = new Set<string>()
  for (const folder of MUTATED_FOLDERS) {
    for (const file of await filesBelow(join(sandbox, folder))) {
      for (const [, id] of (await readFile(file, 'utf8')).matchAll(
        /stryMutAct_9fa48\("(\d+)"\)/g,
      )) {
        if (id !== undefined) ids.add(id)
      }
    }
  }
  return [...ids].sort((a, b) => Number(a) - Number(b))
}

async function writeSample(sandbox: string): Promise<void> {
  const ids = await placedMutants(sandbox)
  if (ids.length === 0) throw new Error(`no mutant placed in ${sandbox}: is it Stryker's sandbox?`)
  const size = process.env[RUN_VARIABLES.sampleSize]
  const sample = drawSample(
    ids,
    size === undefined || size === '' ? undefined : Number(size),
    Number(variable(RUN_VARIABLES.seed)),
  )
  await writeFile(variable(RUN_VARIABLES.sampleFile), `${sample.join('\n')}\n`)
}

function exitOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      resolve(code ?? (signal === null ? 1 : 128))
    })
  })
}

/** The sandbox's mock, as the runner starts the bundled one (servers.ts), the mutant switched on. */
async function startMutantMock(
  sandbox: string,
  dataDir: string,
): Promise<{ child: ChildProcess; url: string }> {
  const args = [
    '--import',
    TSX,
    join(sandbox, 'mock/process/main.ts'),
    ...['--port', '0', '--host', '127.0.0.1', '--db', join(dataDir, 'db.json')],
    // the check of 408 waits for it: 2 s rather than the default 10, as the runner starts it
    ...['--headers-timeout', '2000', '--quiet'],
  ]
  const child = spawn(process.execPath, args, {
    cwd: sandbox,
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const url = await waitForReadyLine(child, {
    name: 'The mutated mock',
    timeoutMs: START_CEILING_MS,
  })
  // its output after the start goes where Stryker reads the run's (a crash says why)
  child.stdout.pipe(process.stdout)
  child.stderr.pipe(process.stderr)
  return { child, url }
}

/** The suite of this checkout against `url`, with the fixture identities, the mutant switched off. */
function runSuite(url: string): Promise<number> {
  // the suite loads no instrumented code, and must not see the mutant it is measuring either
  const { [ACTIVE_MUTANT]: _mutant, ...inherited } = process.env
  const env = { ...inherited, NODE_OPTIONS: '', CONTRACT_PASSWORD: ALICE.password }
  const args = [
    '--import',
    TSX,
    join(ROOT, 'contract-tests/cli.ts'),
    ...['--base-url', url, '--token', ALICE.token, '--org', ACME_ORG_ID],
    ...[
      '--second-token',
      BOB.token,
      '--foreign-org',
      GLOBEX_ORG_ID,
      '--foreign-token',
      CAROL.token,
    ],
    ...['--email', ALICE.email, '--seed', variable(RUN_VARIABLES.seed), '--bail'],
  ]
  return exitOf(
    spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] }),
  )
}

async function measure(): Promise<number> {
  const sandbox = process.cwd()
  if (process.env[ACTIVE_MUTANT] === undefined) await writeSample(sandbox)
  const dataDir = await mkdtemp(join(variable(RUN_VARIABLES.tempDir), 'mock-'))
  let mock: { child: ChildProcess; url: string }
  try {
    mock = await startMutantMock(sandbox, dataDir)
  } catch (error) {
    // a mock that cannot start fails the suite's preflight, as a server that is down would
    console.error(
      `mutant mock did not start: ${error instanceof Error ? error.message : String(error)}`,
    )
    return 3
  }
  const code = await runSuite(mock.url)
  const exited = exitOf(mock.child)
  mock.child.kill('SIGKILL')
  await exited
  return code
}

async function main(): Promise<number> {
  const started = Date.now()
  const code = await measure()
  const line = [process.env[ACTIVE_MUTANT] ?? '', Date.now() - started, code].join('\t')
  await appendFile(variable(RUN_VARIABLES.timesFile), `${line}\n`)
  return code
}

process.exitCode = await main()
