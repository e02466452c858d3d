import { describe, expect, test } from '@jest/globals'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { portable, type JsonSchema } from './tool-schemas.ts'

const SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: ['string', 'null'], minLength: 2, description: 'a name' },
    type: { type: ['integer', 'null'], minimum: 1 },
    tags: { type: 'array', items: { type: ['string', 'number'], maxLength: 3 } },
  },
}

const VALUES: unknown[] = [
  { name: 'ab' },
  { name: null },
  { name: 'a' },
  { name: 3 },
  { name: 'ab', type: 0 },
  { name: 'ab', type: 2 },
  { name: 'ab', type: null },
  { name: 'ab', tags: ['abc', 12345] },
  { name: 'ab', tags: ['abcd'] },
  { name: 'ab', tags: [true] },
  { name: 'ab', other: 1 },
]

describe('portable', () => {
  test('When a schema has type lists at any depth, then none is left and a property named type is kept', () => {
    // Act
    const written = JSON.stringify(portable(SCHEMA))

    // Assert
    expect(written).not.toMatch(/"type":\[/)
    expect(written).toContain('"type":{"anyOf":[')
    expect(written).toContain('"description":"a name","anyOf":[{"minLength":2,"type":"string"}')
  })

  test('When values are checked by a schema and by its portable form, then both say the same of each', () => {
    // Arrange
    const ajv = new Ajv2020({ strict: false })
    const before = ajv.compile(SCHEMA)
    const after = ajv.compile(portable(SCHEMA))

    // Act
    const verdicts = VALUES.map((value) => [before(value), after(value)])

    // Assert
    expect(verdicts.map(([was]) => was)).toEqual([
      true,
      true,
      false,
      false,
      false,
      true,
      true,
      true,
      false,
      false,
      false,
    ])
    for (const [was, is] of verdicts) expect(is).toBe(was)
  })
})
