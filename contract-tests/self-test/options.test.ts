// How contacts-contract reads its settings: flags, else the CONTRACT_* variables.
import { describe, expect, test } from '@jest/globals'
import { UsageError } from '../../mock/process/command-line.ts'
import { parseCommand, type RunOptions } from '../runner/settings.ts'

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
      expect(options.noOracle).toBe(!expected)
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
      "--base-url (CONTRACT_BASE_URL) must be an http(s) URL, got 'ftp://x'.",
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
    expect(parse).toThrow(UsageError)
    expect(parse).toThrow(message)
  })

  test('When no base URL is set, then the run needs no token (it starts the mock)', () => {
    // Act
    const options = optionsOf([])

    // Assert
    expect(options).toMatchObject({ baseUrl: undefined, token: undefined })
  })
})

describe('parseCommand, durations and the two targets of diff', () => {
  test.each([
    ['500ms', 500],
    ['90s', 90_000],
    ['15m', 900_000],
    ['1.5h', 5_400_000],
    ['7d', 604_800_000],
    ['2 M', 120_000],
  ])('When --deadline is %s, then the run may take %i ms', (text, ms) => {
    // Act
    const fromFlag = optionsOf(['--deadline', text])
    const fromVariable = optionsOf([], { CONTRACT_DEADLINE: text })

    // Assert
    expect([fromFlag.deadlineMs, fromVariable.deadlineMs]).toEqual([ms, ms])
  })

  test('When the check timeout is below twice the request timeout, then it is raised to that', () => {
    // Act
    const options = optionsOf(['--request-timeout', '20000', '--check-timeout', '1000'])

    // Assert
    expect(options.checkTimeoutMs).toBe(40_000)
  })

  test('When diff is given two base URLs, then --token and --org serve both, or one each', () => {
    // Arrange
    const urls = ['diff', '--base-url', 'http://a.test/', '--base-url', 'http://b.test']

    // Act
    const shared = parseCommand([...urls, '--token', 't', '--org', 'o'], {})
    const each = parseCommand([...urls, '--token', 't1', '--token', 't2', '--org', 'o'], {})

    // Assert
    expect(shared).toMatchObject({
      kind: 'diff',
      targets: [
        { baseUrl: 'http://a.test', token: 't', orgId: 'o' },
        { baseUrl: 'http://b.test', token: 't', orgId: 'o' },
      ],
    })
    expect(each).toMatchObject({
      targets: [
        { baseUrl: 'http://a.test', token: 't1', orgId: 'o' },
        { baseUrl: 'http://b.test', token: 't2', orgId: 'o' },
      ],
    })
  })

  test.each([
    [
      ['diff', '--base-url', 'http://a.test', '--token', 't', '--org', 'o'],
      'diff needs --base-url twice',
    ],
    [
      ['diff', '--base-url', 'http://a.test', '--base-url', 'http://b.test'],
      'diff needs --token and --org.',
    ],
  ])('When diff is %j, then it cannot run: %s', (argv, message) => {
    // Act
    const parse = (): unknown => parseCommand(argv, { CONTRACT_TOKEN: 't', CONTRACT_ORG_ID: 'o' })

    // Assert
    expect(parse).toThrow(UsageError)
    expect(parse).toThrow(message)
  })
})
