// A machine without a working browser or PostgreSQL gets failures, never a run that hangs: test
// files whose beforeAll cannot start their browser or cluster close what they had opened, and the
// scripts that start a cluster say in one line what is missing.
import { spawn } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, test } from '@jest/globals'
import { TEST_CHROMIUM_ENV } from '../../../test-support/browser/launch-browser.ts'
import { TEST_POSTGRES_BIN_ENV } from '../../../test-support/postgres/server-programs.ts'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const JEST = join(ROOT, 'node_modules/jest/bin/jest.js')
// The issue's bound: the runner exits within a minute of its last test, whatever failed.
const DEADLINE_MS = 60_000

const dir = mkdtempSync(join(tmpdir(), 'start-failures-'))
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** A program that starts and fails at once, as a browser or initdb that cannot run would. */
function failingProgram(folder: string, name: string): string {
  const file = join(folder, name)
  writeFileSync(file, '#!/bin/sh\necho "cannot run here" >&2\nexit 1\n')
  chmodSync(file, 0o755)
  return file
}

interface Finished {
  code: number | null
  output: string
  /** Ended by the deadline, not by itself. */
  killed: boolean
}

/** Runs a Node program in the project; past the deadline it and its workers are killed. */
function runNode(args: string[], env: Record<string, string>): Promise<Finished> {
  const inherited = { ...process.env, NODE_OPTIONS: '' }
  Reflect.deleteProperty(inherited, 'JEST_WORKER_ID')
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  let killed = false
  const timer = setTimeout(() => {
    killed = true
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
  }, DEADLINE_MS)
  return new Promise((resolve) => {
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output, killed })
    })
  })
}

// Jest's cache where the outer run keeps it; the inner run's temporary files (such as the profile
// folder Playwright leaves when a launch fails) in this test's folder.
const runJest = (files: string[], env: Record<string, string>): Promise<Finished> =>
  runNode(
    [
      '--experimental-vm-modules',
      '--disable-warning=ExperimentalWarning',
      JEST,
      '-c',
      join(ROOT, 'jest.processes.config.js'),
      '--ci',
      `--cacheDirectory=${join(tmpdir(), `jest_${(process.getuid?.() ?? 0).toString(36)}`)}`,
      ...files.map((file) => join(ROOT, file)),
    ],
    { ...env, TMPDIR: dir },
  )

describe('A browser that cannot launch', () => {
  test(
    'When the browser exits at launch, then every browser test fails and Jest exits by itself within a minute',
    async () => {
      // Arrange
      const browser = failingProgram(mkdtempSync(join(dir, 'browser-')), 'chromium')
      const files = ['face-pages', 'face-inspector', 'cors-faults'].map(
        (name) => `mock/test/browser/${name}.test.ts`,
      )

      // Act
      const run = await runJest(files, { [TEST_CHROMIUM_ENV]: browser })

      // Assert
      expect({ killed: run.killed, code: run.code }).toEqual({ killed: false, code: 1 })
      expect(run.output).toMatch(/Test Suites: 3 failed, 3 total/)
      expect(run.output).toMatch(/Tests: +(\d+) failed, \1 total/)
      expect(run.output).not.toMatch(/did not exit one second after/)
    },
    DEADLINE_MS + 30_000,
  )
})

describe('A PostgreSQL that cannot start', () => {
  test(
    'When initdb fails, then every PostgreSQL test file fails and Jest exits by itself within a minute',
    async () => {
      // Arrange
      // as root the programs run as the postgres user, who must be able to enter their folder
      const bin = mkdtempSync(join(dir, 'postgres-'))
      for (const folder of [dir, bin]) chmodSync(folder, 0o755)
      for (const name of ['initdb', 'pg_ctl', 'postgres']) failingProgram(bin, name)
      const files = ['same-behaviour', 'search-words', 'shared-store', 'store-failures'].map(
        (name) => `mock/test/postgres/${name}.test.ts`,
      )

      // Act
      const run = await runJest(files, { [TEST_POSTGRES_BIN_ENV]: bin })

      // Assert
      expect({ killed: run.killed, code: run.code }).toEqual({ killed: false, code: 1 })
      expect(run.output).toMatch(/Test Suites: 4 failed, 4 total/)
      expect(run.output).toContain('initdb failed: cannot run here')
      expect(run.output).not.toMatch(/did not exit one second after/)
    },
    DEADLINE_MS + 30_000,
  )

  test.each([
    ['test:postgres', 'scripts/test-postgres.ts', /^test:postgres could not start PostgreSQL: /m],
    ['contract:postgres', 'scripts/contract-postgres.ts', /^contract:postgres could not run: /m],
  ])(
    'When no PostgreSQL is found, then %s exits 1 saying so in one line',
    async (_name, script, prefix) => {
      // Arrange
      const empty = mkdtempSync(join(dir, 'no-postgres-'))

      // Act
      const run = await runNode(['--import', 'tsx', join(ROOT, script)], {
        [TEST_POSTGRES_BIN_ENV]: empty,
      })

      // Assert
      expect({ killed: run.killed, code: run.code }).toEqual({ killed: false, code: 1 })
      expect(run.output).toMatch(prefix)
      expect(run.output).toContain(`${TEST_POSTGRES_BIN_ENV}=${empty} holds no initdb`)
      expect(run.output.trim().split('\n')).toHaveLength(1)
    },
    DEADLINE_MS + 30_000,
  )
})
