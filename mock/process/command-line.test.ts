// The one way the project's commands read their command lines: values from flags, variables and
// defaults, the one duration grammar, the one wording of usage errors, and --help.
import { readFileSync } from 'node:fs'
import { describe, expect, test } from '@jest/globals'
import {
  duration,
  helpText,
  integer,
  option,
  optional,
  packageVersion,
  parseCommandLine,
  text,
  usageLine,
  UsageError,
} from './command-line.ts'

const TOOL = {
  name: 'tool',
  usage: 'Usage: tool [options]\n',
  options: {
    port: option({
      flag: 'port',
      short: 'p',
      value: 'N',
      env: 'TOOL_PORT',
      help: 'the port',
      parse: integer(1, 65_535),
      default: 80,
    }),
    hosts: option({
      flag: 'host',
      value: 'NAME',
      help: 'a host; repeat it',
      parse: (value) => value.split(','),
      default: [],
      multiple: true,
    }),
    name: option({ flag: 'name', value: 'NAME', parse: optional(text), default: undefined }),
    verbose: option({ flag: 'verbose', env: 'TOOL_VERBOSE', help: 'say more', default: false }),
    quiet: option({
      flag: 'quiet',
      env: 'TOOL_LOUD',
      help: 'say less',
      shows: 'loud',
      parse: (value) => value === 'no',
      default: false,
    }),
    secret: option({ env: 'TOOL_SECRET', help: 'a variable only', parse: text, default: '' }),
  },
  version: true,
  footer: 'Exit codes: 0, 1, 2',
}

const valuesOf = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
  const line = parseCommandLine(TOOL, argv, env)
  if (line.kind !== 'run') throw new Error(`expected a run, got ${line.kind}`)
  return line
}

describe('parseCommandLine', () => {
  test('When an option comes as a flag, a variable or neither, then the flag wins over the variable, the variable over the default', () => {
    // Act
    const flagged = valuesOf(['--port', '81'], { TOOL_PORT: '82' }).values.port
    const variable = valuesOf([], { TOOL_PORT: '82' }).values.port
    const neither = valuesOf([]).values.port
    const empty = valuesOf([], { TOOL_PORT: '' }).values.port

    // Assert
    expect({ flagged, variable, neither, empty }).toEqual({
      flagged: 81,
      variable: 82,
      neither: 80,
      empty: 80,
    })
  })

  test.each<[NodeJS.ProcessEnv, boolean]>([
    [{ TOOL_VERBOSE: '1' }, true],
    [{ TOOL_VERBOSE: 'TRUE' }, true],
    [{ TOOL_VERBOSE: ' yes ' }, true],
    [{ TOOL_VERBOSE: '0' }, false],
    [{ TOOL_VERBOSE: 'no' }, false],
    [{}, false],
  ])('When a switch has the variable %j, then it is %s', (env, on) => {
    // Act
    const { verbose } = valuesOf([], env).values

    // Assert
    expect(verbose).toBe(on)
  })

  test('When a switch reads its variable its own way, then its parser decides, and the flag still turns it on', () => {
    // Act
    const read = [
      valuesOf([], { TOOL_LOUD: 'no' }).values.quiet,
      valuesOf([], { TOOL_LOUD: 'yes' }).values.quiet,
      valuesOf(['--quiet'], { TOOL_LOUD: 'yes' }).values.quiet,
    ]

    // Assert
    expect(read).toEqual([true, false, true])
  })

  test('When a flag comes more than once, then the last one counts, or all of them for a list; `given` keeps them all', () => {
    // Act
    const line = valuesOf(['-p', '81', '--port', '82', '--host', 'a,b', '--host', 'c', '--verbose'])

    // Assert
    expect(line.values).toMatchObject({ port: 82, hosts: ['a', 'b', 'c'], verbose: true })
    expect(line.given).toEqual({ port: ['81', '82'], hosts: ['a,b', 'c'], verbose: [] })
  })

  test.each([
    [['--prot', '1'], 'unknown option --prot.'],
    [['-x'], 'unknown option -x.'],
    [['extra'], "unexpected argument 'extra'."],
    [['--port'], '--port needs a value.'],
    [['-p'], '--port needs a value.'],
    [['--name', '--verbose'], '--name needs a value.'],
    [['--verbose=yes'], '--verbose takes no value.'],
    [['--help=me'], '--help takes no value.'],
    [['--port', '0'], "--port (TOOL_PORT) must be a whole number from 1 to 65535, got '0'."],
    [[], "--port (TOOL_PORT) must be a whole number from 1 to 65535, got '1e3'."],
  ])('When the command line is %j, then the usage error says: %s', (argv, message) => {
    // Act
    const parse = (): unknown => parseCommandLine(TOOL, argv, { TOOL_PORT: '1e3' })

    // Assert
    expect(parse).toThrow(new UsageError(message))
  })

  test('When --help or --version is asked, then the command line asks only that, however wrong its values', () => {
    // Act
    const help = parseCommandLine(TOOL, ['--port', 'x', '-h'], {})
    const version = parseCommandLine(TOOL, ['--version'], { TOOL_PORT: 'x' })

    // Assert
    expect([help.kind, version.kind]).toEqual(['help', 'version'])
  })
})

describe('The one duration grammar', () => {
  test.each([
    ['500ms', 500],
    ['30s', 30_000],
    ['90 s', 90_000],
    ['15m', 900_000],
    ['2 M', 120_000],
    ['1.5h', 5_400_000],
    ['2h', 7_200_000],
    ['7d', 604_800_000],
    [' 10m ', 600_000],
  ])('When a duration is %j, then it is %i ms', (value, ms) => {
    // Act
    const read = duration(value, '--deadline')

    // Assert
    expect(read).toBe(ms)
  })

  test.each(['90', '0s', '0.1ms', '-1h', 'soon', '1y', '1000000d', ''])(
    'When a duration is %j, then it is refused, naming the forms',
    (value) => {
      // Act
      const read = (): unknown => duration(value, '--deadline')

      // Assert
      expect(read).toThrow(
        new UsageError(
          `--deadline must be a duration such as 500ms, 90s, 15m, 1.5h or 7d, got '${value}'.`,
        ),
      )
    },
  )
})

describe('integer', () => {
  test.each(['', '1e3', '0x10', '5.0', '-1', 'ten'])(
    'When a whole number is written %j, then it is refused',
    (value) => {
      // Act
      const read = (): unknown => integer(0)(value, '--runs')

      // Assert
      expect(read).toThrow(`--runs must be a whole number of at least 0, got '${value}'.`)
    },
  )
})

describe('The usage error and --help', () => {
  test('When a usage error is told, then it is one line: the command, the problem and where to look', () => {
    // Act
    const own = usageLine(TOOL, new UsageError('unknown option --x.'))
    const run = usageLine({ ...TOOL, run: 'npm run tool --' }, new UsageError('bad.'))

    // Assert
    expect([own, run]).toEqual([
      'tool: unknown option --x. See tool --help.',
      'tool: bad. See npm run tool -- --help.',
    ])
  })

  test('When --help is made, then each option has its flag, alias, variable and default (a number or text as it is, a switch off), the hidden ones left out', () => {
    // Act
    const help = helpText(TOOL)

    // Assert
    expect(help.split('\n')).toEqual([
      'Usage: tool [options]',
      '',
      '  -h, --help               this text',
      '  --version                the version of contacts-mock-kit',
      '  -p, --port N             the port (TOOL_PORT, default 80)',
      '  --host NAME              a host; repeat it',
      '  --verbose                say more (TOOL_VERBOSE, default off)',
      '  --quiet                  say less (TOOL_LOUD, default loud)',
      '  TOOL_SECRET              a variable only',
      'Flags win over the environment variables in parentheses.',
      'Exit codes: 0, 1, 2',
    ])
  })

  test('When a version is asked, then it is the one of package.json', () => {
    // Arrange
    const manifest = new URL('../../package.json', import.meta.url)
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }

    // Act
    const read = packageVersion(import.meta.url)

    // Assert
    expect(read).toBe(version)
  })
})
