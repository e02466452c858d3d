// The readable request log: its line, and when it is chosen and coloured (the terminal and the
// environment given as inputs: no terminal is spawned).
import { describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID } from '../../fixtures/identities.ts'
import { HttpError, problemReply } from '../shared/problem.ts'
import {
  chooseColours,
  chooseLogFormat,
  firstProblemOf,
  formatRequestLine,
  readableLogLineOf,
} from './request-log-readable.ts'

const AT = new Date(2026, 10, 27, 9, 5, 3, 42)
const CONTACT_ID = '0b7c6a2e-4f3d-4c1b-9a8e-7d6c5b4a3f21'

describe('the readable request log', () => {
  test('When a request is answered, then its line says time, method, path with short ids, status and ms', () => {
    // Act
    const line = formatRequestLine(
      {
        at: AT,
        method: 'GET',
        url: `/api/v1/orgs/${ACME_ORG_ID}/contacts/${CONTACT_ID}?include[]=tags`,
        status: 200,
        ms: 3.14159,
      },
      false,
    )

    // Assert
    expect(line).toBe(
      `09:05:03.042 GET /api/v1/orgs/${ACME_ORG_ID.slice(0, 8)}…/contacts/0b7c6a2e…?include[]=tags 200 3.1 ms\n`,
    )
  })

  test('When a 422 names fields, then the line adds the first field error', () => {
    // Arrange
    const reply = problemReply(
      new HttpError(422, '2 fields are not valid.', {
        errors: [
          { field: 'contact[first_name]', message: 'must be at most 100 characters long' },
          { field: 'contact[last_name]', message: 'is required' },
        ],
      }),
    )
    const lines: string[] = []

    // Act
    readableLogLineOf((line) => lines.push(line), false)(
      'POST',
      '/x',
      422,
      performance.now(),
      reply,
    )

    // Assert
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      / POST \/x 422 \d+\.\d ms {2}contact\[first_name\]: must be at most 100 characters long\n$/,
    )
  })

  test.each([
    [new HttpError(401, 'The bearer token is not valid.'), 'The bearer token is not valid.'],
    [new HttpError(503, 'The store is down.'), undefined],
  ])('When the answer is %s without field errors, then the line adds %p', (error, said) => {
    // Assert
    expect(firstProblemOf(problemReply(error))).toBe(said)
  })

  test('When colours are on, then the status is coloured by its class and the path is not', () => {
    // Act
    const line = formatRequestLine({ at: AT, method: 'GET', url: '/x', status: 404, ms: 1 }, true)

    // Assert
    expect(line).toContain('\u001b[33m404\u001b[0m')
    expect(line).toContain(' /x ')
  })

  test.each<[boolean | undefined, NodeJS.ProcessEnv, boolean]>([
    [true, {}, true],
    [true, { NO_COLOR: '1' }, false],
    [true, { NO_COLOR: '' }, true],
    [true, { TERM: 'dumb' }, false],
    [false, {}, false],
    [undefined, {}, false],
  ])(
    'When stdout is a terminal: %p and the environment %j, then colours are %p',
    (isTTY, env, on) => {
      // Assert
      expect(chooseColours(isTTY, env)).toBe(on)
    },
  )

  test.each<[Parameters<typeof chooseLogFormat>[0], boolean | undefined, string]>([
    [undefined, true, 'pretty'],
    [undefined, undefined, 'json'],
    ['json', true, 'json'],
    ['pretty', undefined, 'pretty'],
  ])(
    'When --log is %p and stdout is a terminal: %p, then the log is %s',
    (asked, isTTY, format) => {
      // Assert
      expect(chooseLogFormat(asked, isTTY)).toBe(format)
    },
  )
})
