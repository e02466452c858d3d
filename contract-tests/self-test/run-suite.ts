// Runs the contract suite's CLI (what `npm run contract` runs) as a child process and collects
// its output.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ACME_ORG_ID, ALICE, BOB, CAROL, GLOBEX_ORG_ID } from '../../fixtures/identities.ts'

export const ROOT_DIR = fileURLToPath(new URL('../../', import.meta.url))
const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url))

export interface SuiteRun {
  exitCode: number | null
  output: string
  /** One block per failure: its "● file › describe › check" line and the message under it. */
  failures: string[]
}

/** The fixture identities as flags, aimed at `baseUrl`: the acceptance command. */
export function fixtureArgs(baseUrl: string): string[] {
  return [
    ['--base-url', baseUrl],
    ['--token', ALICE.token],
    ['--org', ACME_ORG_ID],
    ['--second-token', BOB.token],
    ['--foreign-org', GLOBEX_ORG_ID],
    ['--foreign-token', CAROL.token],
  ].flat()
}

export function failureBlocks(output: string): string[] {
  const blocks: string[] = []
  let inBlock = false
  for (const line of output.split('\n')) {
    if (line.startsWith('● ')) {
      inBlock = true
      blocks.push(line)
    } else if (/^(Checks: |contacts-contract: )/.test(line)) {
      inBlock = false
    } else if (inBlock) {
      blocks.push(`${blocks.pop() ?? ''}\n${line}`)
    }
  }
  return blocks
}

/** The CLI's environment without anything inherited from this (Jest) process. */
const cleanEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('CONTRACT_') && !name.startsWith('JEST_'),
    ),
  )

export function runSuite(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<SuiteRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT_DIR,
    env: { ...cleanEnv(), ...env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (exitCode) => {
      resolve({ exitCode, output, failures: failureBlocks(output) })
    })
  })
}
