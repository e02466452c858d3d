// Runs the contract suite (`npm run contract`'s command) as a child process and collects its output.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ACME_ORG_ID, ALICE, BOB, CAROL, GLOBEX_ORG_ID } from '../../fixtures/identities.ts'

export const ROOT_DIR = fileURLToPath(new URL('../../', import.meta.url))

export interface SuiteRun {
  exitCode: number | null
  output: string
  /** One block per failed test: its "● describe › name" line and the message under it. */
  failures: string[]
}

/** The explicit-URL configuration of the acceptance command, aimed at `baseUrl`. */
export function fixtureEnv(baseUrl: string): Record<string, string> {
  return {
    CONTRACT_BASE_URL: baseUrl,
    CONTRACT_TOKEN: ALICE.token,
    CONTRACT_ORG_ID: ACME_ORG_ID,
    CONTRACT_SECOND_TOKEN: BOB.token,
    CONTRACT_FOREIGN_ORG_ID: GLOBEX_ORG_ID,
    CONTRACT_FOREIGN_TOKEN: CAROL.token,
  }
}

export function failureBlocks(output: string): string[] {
  const blocks: string[] = []
  let inBlock = false
  for (const line of output.split('\n')) {
    if (/^\s*● /.test(line)) {
      inBlock = true
      blocks.push(line.trim())
    } else if (/^(PASS|FAIL) |^(Test Suites|Tests):/.test(line)) {
      inBlock = false
    } else if (inBlock) {
      blocks.push(`${blocks.pop() ?? ''}\n${line}`)
    }
  }
  return blocks
}

/** The suite's environment without anything inherited from this (Jest) process. */
const cleanEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('CONTRACT_') && !name.startsWith('JEST_'),
    ),
  )

export function runSuite(env: Record<string, string>, reportDir: string): Promise<SuiteRun> {
  const args = [
    '--experimental-vm-modules',
    '--disable-warning=ExperimentalWarning',
    'node_modules/jest/bin/jest.js',
    '--config',
    'contract-tests/jest.config.js',
    '--ci',
  ]
  const child = spawn(process.execPath, args, {
    cwd: ROOT_DIR,
    env: { ...cleanEnv(), ...env, NODE_OPTIONS: '', JEST_JUNIT_OUTPUT_DIR: reportDir },
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
