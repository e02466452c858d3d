import { describe, expect, test } from '@jest/globals'
import { UsageError } from './command-line.ts'
import { commandOf, OPTIONS, readCommandLine, USAGE, type MockConfig } from './options.ts'

/** The configuration a command line asks to serve with. */
function loadConfig(argv: string[], env: NodeJS.ProcessEnv): MockConfig {
  const request = readCommandLine(argv, env)
  if (request.kind !== 'serve') throw new Error(`expected a configuration, got ${request.kind}`)
  return request.config
}

describe('readCommandLine', () => {
  test('When nothing is given, then the documented defaults apply', () => {
    // Act
    const config = loadConfig([], {})

    // Assert
    expect(config).toEqual({
      port: 4010,
      host: '127.0.0.1',
      dbFile: 'data/db.json',
      seed: undefined,
      quiet: false,
      validateResponses: false,
      allowedHosts: [],
      adminToken: undefined,
      recover: false,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      delay: undefined,
      faultsFile: undefined,
      noFaults: false,
      noInspector: false,
      tokenTtlMs: undefined,
      dataFile: undefined,
      documentFile: undefined,
      watch: false,
    })
  })

  test.each<[string[], NodeJS.ProcessEnv, MockConfig['logFormat']]>([
    [[], {}, undefined],
    [['--log', 'json'], {}, 'json'],
    [[], { LOG_FORMAT: 'json' }, 'json'],
    [['--log', 'pretty'], { LOG_FORMAT: 'json' }, 'pretty'],
  ])(
    'When the command line is %j and the environment %j, then the log format is %s',
    (argv, env, format) => {
      // Act
      const config = loadConfig(argv, env)

      // Assert
      expect(config.logFormat).toBe(format)
    },
  )

  test('When --log names no format, then the error says which there are', () => {
    // Act
    const read = (): unknown => readCommandLine(['--log', 'yaml'], {})

    // Assert
    expect(read).toThrow(new UsageError("--log (LOG_FORMAT) must be pretty or json, got 'yaml'."))
  })

  test.each<[string, [number, number]]>([
    ['300', [300, 300]],
    ['200-800', [200, 800]],
  ])('When --delay is %s, then every request waits %j ms', (text, range) => {
    // Act
    const config = loadConfig(['--delay', text], {})

    // Assert
    expect(config.delay).toEqual(range)
  })

  test.each<[string, number]>([
    ['30s', 30_000],
    ['15m', 900_000],
    ['2h', 7_200_000],
  ])('When --token-ttl is %s, then login tokens last %i ms', (text, ms) => {
    // Act
    const config = loadConfig(['--token-ttl', text], {})

    // Assert
    expect(config.tokenTtlMs).toBe(ms)
  })

  test.each(['800-200', '1-2-3', '60001', 'soon'])(
    'When --delay is %s, then it is refused',
    (text) => {
      // Act
      const load = (): unknown => loadConfig(['--delay', text], {})

      // Assert
      expect(load).toThrow(UsageError)
    },
  )

  test('When the environment sets the new variables, then they are used', () => {
    // Act
    const config = loadConfig([], {
      ALLOWED_HOSTS: 'devbox.lan, Mock.Example.',
      ADMIN_TOKEN: 's3cret',
      HEADERS_TIMEOUT: '2000',
      REQUEST_TIMEOUT: '0',
      KEEP_ALIVE_TIMEOUT: '700',
    })

    // Assert
    expect(config).toMatchObject({
      allowedHosts: ['devbox.lan', 'mock.example'],
      adminToken: 's3cret',
      headersTimeoutMs: 2000,
      requestTimeoutMs: 0,
      keepAliveTimeoutMs: 700,
    })
  })

  test('When flags and variables are both given, then the flags win', () => {
    // Act
    const config = loadConfig(
      [
        '--allowed-host',
        'a.example,b.example',
        '--allowed-host',
        'c.example',
        '--admin-token',
        'flag-token',
        '--recover',
        '--headers-timeout',
        '1000',
        '--request-timeout',
        '1000',
        '--keep-alive-timeout',
        '1',
      ],
      { ALLOWED_HOSTS: 'env.example', ADMIN_TOKEN: 'env-token', HEADERS_TIMEOUT: '5' },
    )

    // Assert
    expect(config).toMatchObject({
      allowedHosts: ['a.example', 'b.example', 'c.example'],
      adminToken: 'flag-token',
      recover: true,
      headersTimeoutMs: 1000,
      requestTimeoutMs: 1000,
      keepAliveTimeoutMs: 1,
    })
  })

  test.each<[label: string, argv: string[], env: NodeJS.ProcessEnv, message: RegExp]>([
    ['an allowed host with a port', ['--allowed-host', 'devbox:4010'], {}, /allowed-host/],
    ['an allowed host with a scheme', [], { ALLOWED_HOSTS: 'http://devbox' }, /allowed-host/],
    ['a wildcard allowed host', ['--allowed-host', '*.example'], {}, /allowed-host/],
    [
      'an empty admin token',
      ['--admin-token', ''],
      {},
      /--admin-token \(ADMIN_TOKEN\) must not be empty/,
    ],
    [
      'a headers timeout of 0',
      ['--headers-timeout', '0'],
      {},
      /--headers-timeout \(HEADERS_TIMEOUT\) must be/,
    ],
    ['a negative request timeout', ['--request-timeout', '-1'], {}, /request-timeout/],
    ['a keep-alive timeout in seconds', [], { KEEP_ALIVE_TIMEOUT: '5s' }, /keep-alive-timeout/],
    [
      'headers allowed longer than the request',
      ['--headers-timeout', '40000'],
      {},
      /--headers-timeout \(40000\) must not exceed --request-timeout \(30000\)/,
    ],
  ])('When the config has %s, then it fails with a message', (_label, argv, env, message) => {
    // Act
    const load = (): unknown => loadConfig(argv, env)

    // Assert
    expect(load).toThrow(UsageError)
    expect(load).toThrow(message)
  })

  test('When the usage is printed, then it explains every flag and variable', () => {
    // Assert
    for (const { flag = '(no flag)' } of Object.values(OPTIONS))
      expect(USAGE).toContain(`--${flag}`)
    for (const flag of ['help', 'version']) expect(USAGE).toContain(`--${flag}`)
    for (const name of [
      'PORT',
      'HOST',
      'DB_FILE',
      'SEED',
      'ALLOWED_HOSTS',
      'ADMIN_TOKEN',
      'HEADERS_TIMEOUT',
      'REQUEST_TIMEOUT',
      'KEEP_ALIVE_TIMEOUT',
      'DELAY',
      'FAULTS_FILE',
      'TOKEN_TTL',
      'DATA_FILE',
      'DOCUMENT',
      'DATABASE_URL',
      'POOL_SIZE',
      'LOG_FORMAT',
    ]) {
      expect(USAGE).toContain(name)
    }
  })

  test.each([
    [['--help'], 'help'],
    [['--port', '5000', '--version'], 'version'],
  ])('When the command line is %j, then it asks for %s', (argv, kind) => {
    // Act
    const request = readCommandLine(argv, {})

    // Assert
    expect(request.kind).toBe(kind)
  })

  test.each([
    [['--prot', '5000'], 'unknown option --prot.'],
    [['db.json'], "unexpected argument 'db.json'."],
  ])('When the command line is %j, then the error is one line: %s', (argv, message) => {
    // Act
    const read = (): unknown => readCommandLine(argv, {})

    // Assert
    expect(read).toThrow(new UsageError(message))
  })
})

describe('readCommandLine: pull', () => {
  const ORG = '11111111-1111-4111-8111-111111111111'
  const needed = [
    'pull',
    '--url',
    'https://staging.example.com/',
    '--org',
    ORG,
    '--out',
    'seed.json',
  ]

  test('When pull is given what it needs, with the token in its variable, then the bounds are the documented defaults', () => {
    // Act
    const request = readCommandLine(needed, { PULL_TOKEN: 'secret-token' })

    // Assert
    expect(request).toEqual({
      kind: 'pull',
      config: {
        url: 'https://staging.example.com',
        token: 'secret-token',
        orgIds: [ORG],
        out: 'seed.json',
        anonymize: false,
        anonymizeKey: undefined,
        maxRequests: 100_000,
        rate: 250,
        timeoutMs: 30 * 60_000,
      },
    })
  })

  test('When --org is repeated or lists ids with commas, and the flags give the bounds, then each is read once', () => {
    // Arrange
    const other = '22222222-2222-4222-8222-222222222222'

    // Act
    const request = readCommandLine(
      [
        ...needed,
        '--org',
        `${other},${ORG}`,
        '--token',
        't0ken-flag',
        '--rate',
        '5',
        '--timeout',
        '90s',
        '--max-requests',
        '7',
        '--anonymize',
      ],
      { PULL_TOKEN: 'from-the-variable', PULL_ANONYMIZE_KEY: 'k' },
    )

    // Assert
    expect(request.kind === 'pull' && request.config).toMatchObject({
      token: 't0ken-flag',
      orgIds: [ORG, other],
      rate: 5,
      timeoutMs: 90_000,
      maxRequests: 7,
      anonymize: true,
      anonymizeKey: 'k',
    })
  })

  test('When pull asks for --help, then the text is its own, and a usage error names pull', () => {
    // Act
    const request = readCommandLine(['pull', '--help'], {})

    // Assert
    expect(request.kind === 'help' && request.text).toContain('Usage: contacts-mock pull')
    expect(commandOf(['pull', '--rate', 'x']).name).toBe('contacts-mock pull')
    expect(commandOf(['--port', '1']).name).toBe('contacts-mock')
  })
})
