// How contacts-contract reads its settings: flags, else the CONTRACT_* variables.
import { describe, expect, test } from '@jest/globals'
import { CannotRunError } from '../runner/cannot-run.ts'
import { parseCommand, type RunOptions } from '../runner/options.ts'

const BASE = ['--base-url', 'http://api.example.test/', '--token', 't', '--org', 'o']

function optionsOf(argv: string[], env: NodeJS.ProcessEnv = {}): RunOptions {
  const command = parseCommand(argv, env)
  if (command.kind !== 'run') throw new Error(`expected a run, got ${command.kind}`)
  return command.options
}

describe('parseCommand', () => {
  test('When a flag and its variable are both set, then the flag wins', () => {
    // Act
    const options = optionsOf(['--token', 'from-flag', '--org', 'o'], {
      CONTRACT_BASE_URL: 'http://api.example.test',
      CONTRACT_TOKEN: 'from-variable',
    })

    // Assert
    expect(options.token).toBe('from-flag')
  })

  test('When only the variables are set, then they configure the run, without a trailing slash', () => {
    // Act
    const options = optionsOf([], {
      CONTRACT_BASE_URL: 'http://api.example.test/',
      CONTRACT_TOKEN: 't',
      CONTRACT_ORG_ID: 'o',
      CONTRACT_SECOND_TOKEN: ' ',
      CONTRACT_FOREIGN_ORG_ID: 'f',
    })

    // Assert
    expect(options).toMatchObject({
      baseUrl: 'http://api.example.test',
      token: 't',
      orgId: 'o',
      secondToken: undefined,
      foreignOrgId: 'f',
    })
  })

  test.each([
    ['1', true],
    ['true', true],
    ['yes', true],
    ['0', false],
    ['', false],
  ])('When CONTRACT_READ_ONLY is "%s", then read-only is %s', (value, expected) => {
    // Act
    const options = optionsOf(BASE, { CONTRACT_READ_ONLY: value })

    // Assert
    expect(options.readOnly).toBe(expected)
  })

  test.each([
    [[], {}, true],
    [[], { CONTRACT_ORACLE: 'off' }, false],
    [[], { CONTRACT_ORACLE: 'OFF' }, false],
    [[], { CONTRACT_ORACLE: '0' }, false],
    [[], { CONTRACT_ORACLE: 'on' }, true],
    [['--no-oracle'], { CONTRACT_ORACLE: 'on' }, false],
  ])(
    'When the flags are %j and the variables %j, then the reference model is on: %s',
    (flags, env, expected) => {
      // Act
      const options = optionsOf([...BASE, ...flags], env)

      // Assert
      expect(options.oracle).toBe(expected)
    },
  )

  test('When --read-only is given, then read-only is on whatever the variable says', () => {
    // Act
    const options = optionsOf([...BASE, '--read-only'], { CONTRACT_READ_ONLY: '0' })

    // Assert
    expect(options.readOnly).toBe(true)
  })

  test.each([
    [
      ['--base-url', 'ftp://x', '--token', 't', '--org', 'o'],
      "--base-url must be an http(s) URL, got 'ftp://x'",
    ],
    [['--token'], '--token needs a value'],
    [['--read-only=yes'], '--read-only takes no value'],
    [['extra'], "unexpected argument 'extra'"],
    [
      ['--base-url', 'http://x', '--org', 'o'],
      '--base-url (CONTRACT_BASE_URL) needs --token (CONTRACT_TOKEN) too',
    ],
  ])('When the command line is %j, then it cannot run: %s', (argv, message) => {
    // Act
    const parse = (): unknown => parseCommand(argv, {})

    // Assert
    expect(parse).toThrow(CannotRunError)
    expect(parse).toThrow(message)
  })

  test('When no base URL is set, then the run needs no token (it starts the mock)', () => {
    // Act
    const options = optionsOf([])

    // Assert
    expect(options).toMatchObject({ baseUrl: undefined, token: undefined })
  })
})
