// Choosing the PostgreSQL store: --store or DATABASE_URL; anything else fails fast (exit 2).
import { describe, expect, test } from '@jest/globals'
import { UsageError } from '../../process/command-line.ts'
import { readCommandLine, type MockConfig } from '../../process/options.ts'
import { describeStore } from './open-postgres.ts'

const configOf = (argv: string[], env: NodeJS.ProcessEnv): MockConfig => {
  const request = readCommandLine(argv, env)
  if (request.kind !== 'serve') throw new Error(`expected a configuration, got ${request.kind}`)
  return request.config
}
const storeOf = (argv: string[], env: NodeJS.ProcessEnv): string | undefined =>
  configOf(argv, env).store

describe('--store', () => {
  test('When nothing names a database, then the data file is the store', () => {
    // Act
    const store = storeOf([], {})

    // Assert
    expect(store).toBeUndefined()
  })

  test('When --store and DATABASE_URL are both given, then the flag wins', () => {
    // Act
    const store = storeOf(['--store', 'postgres://flag/db'], { DATABASE_URL: 'postgres://env/db' })

    // Assert
    expect(store).toBe('postgres://flag/db')
  })

  test('When only DATABASE_URL is set, then it is the store', () => {
    // Act
    const store = storeOf([], { DATABASE_URL: 'postgresql://u:p@db:5432/mock' })

    // Assert
    expect(store).toBe('postgresql://u:p@db:5432/mock')
  })

  test.each([['mysql://host/db'], ['db.json'], ['']])(
    'When --store is %j, then it is refused as not a PostgreSQL URL',
    (value) => {
      // Act
      const act = (): unknown => storeOf(['--store', value], {})

      // Assert
      expect(act).toThrow(UsageError)
      expect(act).toThrow(/postgres:\/\//)
    },
  )

  test('When --db and --store are both given, then it is refused', () => {
    // Act
    const act = (): unknown => storeOf(['--db', 'x.json', '--store', 'postgres://h/db'], {})

    // Assert
    expect(act).toThrow('--db and --store name two stores: give one of them.')
  })

  test.each<[string, string[], NodeJS.ProcessEnv, number | undefined]>([
    ['no pool size', ['--store', 'postgres://h/db'], {}, undefined],
    ['--pool-size 6', ['--store', 'postgres://h/db', '--pool-size', '6'], {}, 6],
    ['POOL_SIZE=3', [], { DATABASE_URL: 'postgres://h/db', POOL_SIZE: '3' }, 3],
  ])('When a database is given with %s, then the pool size is %p', (_label, argv, env, size) => {
    // Act
    const config = configOf(argv, env)

    // Assert
    expect(config.poolSize).toBe(size)
  })

  test.each<[string, string[], string]>([
    ['without a database', ['--pool-size', '4'], '--pool-size is for a database'],
    [
      'of 0',
      ['--store', 'postgres://h/db', '--pool-size', '0'],
      '--pool-size (POOL_SIZE) must be a whole',
    ],
    [
      'of "many"',
      ['--store', 'postgres://h/db', '--pool-size', 'many'],
      '--pool-size (POOL_SIZE) must be',
    ],
  ])('When --pool-size is given %s, then it is refused', (_label, argv, message) => {
    // Act
    const act = (): unknown => configOf(argv, {})

    // Assert
    expect(act).toThrow(UsageError)
    expect(act).toThrow(message)
  })

  test('When the store URL holds a password, then what is printed hides it', () => {
    // Act
    const shown = describeStore('postgres://mock:s3cret@db:5432/contacts')

    // Assert
    expect(shown).toBe('postgres://mock:***@db:5432/contacts')
  })
})
