import { describe, expect, test } from '@jest/globals'
import fc from 'fast-check'
import { createOrderedIndex, type OrderedIndex, type Row } from './ordered-index.ts'

interface Item extends Row {
  name: string
}

const ORDER = (a: Item, b: Item): number =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1

/** The same rows kept the slow, obvious way. */
function createModel() {
  const rows = new Map<string, Item>()
  const sorted = (withDeleted: boolean): Item[] =>
    [...rows.values()].filter((row) => withDeleted || row.deleted_at === null).sort(ORDER)
  return { rows, sorted }
}

const operation = fc.record({
  id: fc.integer({ min: 0, max: 2999 }).map((n) => `id-${String(n).padStart(4, '0')}`),
  // few distinct instants, so equal created_at (ordered by id) is common
  second: fc.integer({ min: 0, max: 300 }),
  name: fc.constantFrom('ann', 'bob', 'anna', 'bo', 'zed'),
  deleted: fc.boolean(),
  remove: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
})
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never

/** Applies one operation to the index and to the model alike. */
function applyTo(
  index: OrderedIndex<Item>,
  model: ReturnType<typeof createModel>,
  op: Operation,
): void {
  const previous = model.rows.get(op.id)
  if (op.remove) {
    if (previous) index.remove(previous)
    model.rows.delete(op.id)
    return
  }
  // created_at never changes for an id: a replacement keeps the first one
  const createdAt =
    previous?.created_at ?? `2030-01-01T00:00:${String(op.second).padStart(3, '0')}Z`
  const row: Item = {
    id: op.id,
    created_at: createdAt,
    deleted_at: op.deleted ? '2031-01-01T00:00:00.000Z' : null,
    name: op.name,
  }
  index.put(row, previous)
  model.rows.set(op.id, row)
}

const NEEDLES = ['an', 'nn', 'b', 'zed', 'o']

// Shrinking a failing run of thousands of operations ran for over 5 minutes: report it as found.
const FIRST_FAILURE = { endOnFailure: true } as const

function expectSearchesToMatch(
  index: OrderedIndex<Item>,
  model: ReturnType<typeof createModel>,
): void {
  for (const withDeleted of [false, true]) {
    const expected = model.sorted(withDeleted)
    for (const needle of NEEDLES) {
      expect(index.search(needle, withDeleted)).toEqual(
        expected.filter((r) => r.name.includes(needle)),
      )
    }
  }
}

describe('createOrderedIndex', () => {
  test('When thousands of rows are put, replaced and removed, then slices, counts and searches match a plain sorted list', () => {
    fc.assert(
      fc.property(fc.array(operation, { minLength: 2500, maxLength: 4000 }), (operations) => {
        // Arrange
        const index = createOrderedIndex<Item>((row) => row.name)
        const model = createModel()

        // Act
        for (const op of operations) applyTo(index, model, op)

        // Assert
        for (const withDeleted of [false, true]) {
          const expected = model.sorted(withDeleted)
          expect(withDeleted ? index.size : index.activeSize).toBe(expected.length)
          expect(index.slice(0, expected.length + 5, withDeleted)).toEqual(expected)
          expect(index.slice(517, 20, withDeleted)).toEqual(expected.slice(517, 537))
          expect(index.search('an', withDeleted)).toEqual(
            expected.filter((r) => r.name.includes('an')),
          )
        }
        expect([...index.values()]).toEqual(model.sorted(true))
      }),
      { numRuns: 15, seed: 20261123, ...FIRST_FAILURE },
    )
  })

  test('When rows are put, replaced and removed between searches, then every search finds what a plain sorted list holds', () => {
    fc.assert(
      fc.property(fc.array(operation, { minLength: 1500, maxLength: 2500 }), (operations) => {
        // Arrange: every block's search text made, so that each write must refresh its block's text
        const index = createOrderedIndex<Item>((row) => row.name)
        const model = createModel()

        for (const [count, op] of operations.entries()) {
          // Act
          index.search('made', true)
          applyTo(index, model, op)

          // Assert
          if (count % 97 === 0) expectSearchesToMatch(index, model)
        }
        expectSearchesToMatch(index, model)
      }),
      { numRuns: 10, seed: 20261124, ...FIRST_FAILURE },
    )
  })
})
