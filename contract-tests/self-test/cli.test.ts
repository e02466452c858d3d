// The command line of contacts-contract: help, version, bad usage and an unreachable target each
// end before any check runs, with one line and their exit code.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from '@jest/globals'
import { freePort } from '../runner/target/processes.ts'
import { SETTINGS } from '../runner/settings.ts'
import { ROOT_DIR, runSuite } from './run-suite.ts'

const lines = (output: string): string[] => output.trimEnd().split('\n')

describe('contacts-contract', () => {
  test('When --help is asked, then it exits 0 naming every flag and variable with its default', async () => {
    // Act
    const run = await runSuite(['--help'])

    // Assert
    expect(run.exitCode).toBe(0)
    const text = run.output.replace(/\s+/g, ' ')
    // the settings for the self-test and for measuring have no help: they are not the user's
    const listed = Object.values(SETTINGS).filter(({ help }) => help !== undefined)
    expect(listed.length).toBeGreaterThan(20)
    for (const { flag, env, shows } of listed) {
      if (flag !== undefined) expect(text).toContain(`--${flag}`)
      if (env !== undefined) expect(text).toContain(env)
      expect(text).toContain(`default ${shows ?? ''})`)
    }
  }, 30_000)

  test('When --version is asked, then it prints the version in package.json and exits 0', async () => {
    // Arrange
    const manifest = JSON.parse(readFileSync(join(ROOT_DIR, 'package.json'), 'utf8')) as {
      version: string
    }

    // Act
    const run = await runSuite(['--version'])

    // Assert
    expect({ exitCode: run.exitCode, output: run.output }).toEqual({
      exitCode: 0,
      output: `${manifest.version}\n`,
    })
  }, 30_000)

  test('When a flag is unknown, then it exits 2 with one line naming it and pointing to --help', async () => {
    // Act
    const run = await runSuite(['--base-uri', 'http://127.0.0.1:4010'])

    // Assert
    expect(run.exitCode).toBe(2)
    expect(lines(run.output)).toEqual([
      'contacts-contract: unknown option --base-uri. See contacts-contract --help.',
    ])
  }, 30_000)

  test('When --base-url comes without --token and --org, then it exits 2 naming both', async () => {
    // Act
    const run = await runSuite(['--base-url', 'http://127.0.0.1:4010'])

    // Assert
    expect(run.exitCode).toBe(2)
    expect(lines(run.output)).toEqual([
      'contacts-contract: --base-url (CONTRACT_BASE_URL) needs --token (CONTRACT_TOKEN) and ' +
        '--org (CONTRACT_ORG_ID) too. See contacts-contract --help.',
    ])
  }, 30_000)

  test('When nothing listens at the base URL, then it exits 2, with one line naming the URL and the error', async () => {
    // Arrange
    const url = `http://127.0.0.1:${String(await freePort())}`

    // Act
    const run = await runSuite(['--base-url', url, '--token', 't', '--org', 'o'])

    // Assert
    expect(run.exitCode).toBe(2)
    expect(lines(run.output)).toEqual([
      `contacts-contract: cannot reach ${url} (ECONNREFUSED). Is the server running?`,
    ])
  }, 30_000)
})
