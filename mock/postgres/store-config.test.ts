// Choosing the PostgreSQL store: --store or DATABASE_URL; anything else fails fast (exit 2).
import { describe, expect, test } from '@jest/globals'
import { ConfigError, readCommandLine } from '../config.ts'
import { describeStore } from './describe-store.ts'

const storeOf = (argv: string[], env: NodeJS.ProcessEnv): string | undefined => {
  const request = readCommandLine(argv, env)
  if (request.kind !== 'serve') throw new Error(`expected a configuration, got ${request.kind}`)
  return request.config.store
}

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
      expect(act).toThrow(ConfigError)
      expect(act).toThrow(/postgres:\/\//)
    },
  )

  test('When --db and --store are both given, then it is refused', () => {
    // Act
    const act = (): unknown => storeOf(['--db', 'x.json', '--store', 'postgres://h/db'], {})

    // Assert
    expect(act).toThrow('--db and --store name two stores: give one of them.')
  })

  test('When the store URL holds a password, then what is printed hides it', () => {
    // Act
    const shown = describeStore('postgres://mock:s3cret@db:5432/contacts')

    // Assert
    expect(shown).toBe('postgres://mock:***@db:5432/contacts')
  })
})
