// The requests generated from the document's schemas: the same seed draws the same ones (a failure
// can be replayed), each rule of the document becomes a case, and pinned values stay.
import { describe, expect, test } from '@jest/globals'
import { maxLengthsOf } from '../../openapi/document.ts'
import { contractDocument } from '../suite/support/document.ts'
import { documentedOperations, type Operation } from '../suite/support/operations.ts'
import { bodyCases } from '../suite/generated-requests/body-cases.ts'
import { queryCases } from '../suite/generated-requests/query-cases.ts'

const MARKER = 'contract-run-selftest'
const PINS = new Map([
  ['contact[nickname]', MARKER],
  ['contact[how_you_met]', `Created by the contract suite (${MARKER})`],
])

const operation = (id: string): Operation => {
  const found = documentedOperations().find((item) => item.id === id)
  if (found === undefined) throw new Error(`the document has no ${id}`)
  return found
}

/** The rules the cases break, without the values drawn for them (`(sent 3.5)`). */
const rules = (seed: number): string[] =>
  bodyCases(operation('createContact'), 'json', seed, PINS).map(({ label }) =>
    label.replace(/ \(.*\)$/, ''),
  )

describe('Requests generated from the schemas', () => {
  test('When cases are drawn twice with one seed, then they are the same requests', () => {
    // Act
    const first = bodyCases(operation('updateContact'), 'form', 7, PINS)
    const second = bodyCases(operation('updateContact'), 'form', 7, PINS)

    // Assert
    expect(second).toEqual(first)
    expect(first.length).toBeGreaterThan(1)
  })

  test('When cases are drawn with other seeds, then the valid bodies differ but the rules do not', () => {
    // Act
    const bodies = [1, 2, 3].map(
      (seed) => bodyCases(operation('createContact'), 'json', seed, PINS)[0]?.request.json,
    )

    // Assert
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(3)
    expect(rules(2)).toEqual(rules(1))
  })

  test('When a contact body is drawn, then each maxLength of the document is broken by one case, named by its field', () => {
    // Arrange
    const limits = maxLengthsOf(contractDocument, 'ContactWriteFields')

    // Act
    const cases = bodyCases(operation('createContact'), 'json', 5, PINS)

    // Assert
    expect(limits.length).toBeGreaterThan(0)
    for (const [name, max] of limits) {
      const label = `JSON contact[${name}] breaks maxLength ${String(max)} (${String(max + 1)} characters)`
      expect(cases.filter((item) => item.label === label).map((item) => item.refusal)).toEqual([
        { status: 422, field: `contact[${name}]` },
      ])
    }
  })

  test('When a contact body is drawn, then the valid one carries the run marker and expects 2xx', () => {
    // Act
    const [valid] = bodyCases(operation('createContact'), 'form', 9, PINS)

    // Assert
    expect(valid?.refusal).toBeUndefined()
    expect(valid?.request.form).toContainEqual(['contact[nickname]', MARKER])
  })

  test('When a query string is drawn, then each broken one is a 400 naming one parameter it sends', () => {
    // Act
    const [valid, ...broken] = queryCases(operation('listContacts'), 3)

    // Assert
    expect(valid?.refusal).toBeUndefined()
    expect(broken.map((item) => item.refusal?.field)).toEqual(
      expect.arrayContaining(['include[]', 'page', 'limit', 'search']),
    )
    for (const item of broken) expect(item.refusal?.status).toBe(400)
  })
})
