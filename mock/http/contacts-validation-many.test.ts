// A body full of bad fields: the 422 lists at most 50 of them and counts the rest, so a 100 KB
// request cannot make a megabyte answer.
import { describe, expect, test } from '@jest/globals'
import { expectProblem, expectUnchangedCount, paths, useTestApp, withBody } from './support.ts'
import type { Payload } from './support.ts'

const http = useTestApp()

const names = (count: number): string[] =>
  Array.from({ length: count }, (_, index) => `x${String(index)}`)

/** As many unknown fields of `bytesEach` bytes as fit just under the 100 KiB body limit. */
const fillBody = (bytesEach: number): string[] => names(Math.floor((100 * 1024 - 200) / bytesEach))

const form = (fields: string[]): Payload => ({
  form: [
    'contact[first_name]=Ann',
    'contact[relationship_type]=1',
    ...fields.map((f) => `${f}=1`),
  ].join('&'),
})

const json = (fields: string[]): Payload => ({
  json: {
    contact: { first_name: 'Ann', relationship_type: 1 },
    ...Object.fromEntries(fields.map((f) => [f, 1])),
  },
})

describe('a body with thousands of unknown fields (a rejected create adds nothing)', () => {
  expectUnchangedCount(() => http.countContacts())

  test.each<[label: string, fields: string[], payload: (fields: string[]) => Payload]>([
    ['form', fillBody('x12345=1&'.length), form],
    ['JSON', fillBody('"x12345":1,'.length), json],
  ])(
    'When a %s body of about 100 KB has thousands of unknown fields, then the 422 lists the first 50 and counts them all',
    async (_label, fields, payload) => {
      // Act
      const res = await withBody(http.post(paths.contacts()), payload(fields))

      // Assert
      expect(fields.length).toBeGreaterThan(2000)
      const problem = expectProblem(res, 422, fields.slice(0, 50))
      expect(problem.detail).toBe(
        `${String(fields.length)} fields are invalid (the first 50 are listed); nothing was changed.`,
      )
      expect(res.text.length).toBeLessThan(5000)
    },
  )

  test('When exactly 50 fields are invalid, then all 50 are listed', async () => {
    // Act
    const res = await withBody(http.post(paths.contacts()), form(names(50)))

    // Assert
    const problem = expectProblem(res, 422, names(50))
    expect(problem.detail).toBe('50 fields are invalid; nothing was changed.')
  })
})
