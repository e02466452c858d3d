// test.each of the contract suite's test API (suite/support/test-api.ts) names its checks as Jest does:
// compared here with jest-each, the module Jest's own test.each is built on, for every form of title
// the checks use.
import { describe, expect, test } from '@jest/globals'
import { bind } from 'jest-each'
import { eachCases } from '../suite/support/each-title.ts'

/** The titles Jest gives `table`'s rows. */
function jestTitles(title: string, table: readonly unknown[]): string[] {
  const titles: string[] = []
  const jestEach = bind((name: string) => {
    titles.push(name)
  }) as (rows: readonly unknown[]) => (title: string, fn: () => void) => void
  jestEach(table)(title, () => undefined)
  return titles
}

const CASES: [string, string, readonly unknown[]][] = [
  ['%s with single values', 'When %s is sent, then 400', ['page=2', 'limit=5']],
  ['%s, %s with array rows', 'When %s (%s), then %s', [['a date', '1990-05-17', 'x']]],
  [
    '%i and %d',
    'limit=%i, page=%d, %i record(s)',
    [
      [100, 1.5, 21],
      [20, 2, 1],
    ],
  ],
  ['%j', 'body %j', [[{ contact: { first_name: 'Ann' } }], [[1, 'two']]]],
  ['%i and %j together', 'answers %i naming %j', [[422, ['contact[gender]']]]],
  ['%j of a value with %', 'a form has %s, naming exactly %j', [['x', 'contact%5Bid%5D=x']]],
  ['%% and a value with %', '100%% of %s, then %s', [['50%s', 'z']]],
  ['a value that is a placeholder sign', 'When the text has %s in it', [['%'], ['_']]],
  ['more placeholders than values', '%s and %s', [['only one']]],
  ['more values than placeholders', 'When the id is %s, then 404', [['an unknown UUID', 'f00']]],
  [
    '$name with object rows',
    'When $rule, then it names contact[$field]',
    [{ rule: 'r', field: 'f' }],
  ],
  ['$name, the longest key first', '$ab then $a', [{ a: 1, ab: 2 }]],
  ['$name with a missing key', '$missing stays, $x is', [{ x: null }]],
  ['object rows with a printf placeholder', 'object %s', [{ a: 1 }]],
]

describe('test.each titles', () => {
  test.each(CASES)(
    'When the title uses %s, then it reads as Jest makes it',
    (_what, title, table) => {
      // Act
      const titles = eachCases(title, table).map((row) => row.title)

      // Assert
      expect(titles).toEqual(jestTitles(title, table))
    },
  )

  test('When the rows are arrays, then each row is spread into the arguments', () => {
    // Act
    const args = eachCases('%s %s', [
      ['a', 1],
      ['b', 2],
    ]).map((row) => row.args)

    // Assert
    expect(args).toEqual([
      ['a', 1],
      ['b', 2],
    ])
  })

  test('When the rows are single values or objects, then each row is the one argument', () => {
    // Act
    const values = eachCases('%s', ['a', 3]).map((row) => row.args)
    const objects = eachCases('$name', [{ name: 'n' }]).map((row) => row.args)

    // Assert
    expect(values).toEqual([['a'], [3]])
    expect(objects).toEqual([[{ name: 'n' }]])
  })

  test('When the table is empty, then registering it fails, naming the title', () => {
    // Act
    const register = (): unknown => eachCases('When %s', [])

    // Assert
    expect(register).toThrow('test.each was given an empty table for "When %s"')
  })
})
