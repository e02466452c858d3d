// What the checks of the records share. A create answers 201 with the record and its Location. A
// refused request changes nothing: a create carries a word no record has, so that a search proves
// nothing was stored; a change or a delete leaves its record reading as before; an id no record
// has is a 404 whatever its shape (decision 1); and the answer about a record the client may not
// see is that about none (the document's 404 row).
import { randomUUID } from 'node:crypto'
import { decisionRule, statusRule } from '../rules/rule.ts'
import {
  call,
  encodeFields,
  orgPath,
  type ApiResponse,
  type Method,
  type RequestOptions,
} from './api.ts'
import { contactFields, contactForm, countContactsMatching, uniqueWord } from './records.ts'
import { answerSeen } from './same-answer.ts'
import { testIf, type Needs } from './gates.ts'
import { expect, test } from './test-api.ts'

/** The answer matches the document, is 201 and its Location ends with the path of the record. */
export function expectCreated(res: ApiResponse, collection: string): unknown {
  expect(res).toMatchDocument()
  expect(res.status).toBe(201)
  const { id } = res.body as { id: string }
  expect(res.headers['location']).toMatch(new RegExp(`${orgPath(collection, id)}$`))
  return res.body
}

/** A check of one refused request: `send` answers `status` problem+json, naming `fields`. */
export function testRefused(
  needs: Needs,
  title: string,
  send: () => Promise<ApiResponse>,
  status: number,
  fields?: readonly string[],
): void {
  testIf(needs, title, async () => {
    // Act
    const res = await send()

    // Assert
    expect(res).toBeProblem(status, fields)
  })
}

/** Ids that name no record: one of the right shape and one of another. */
export const NO_RECORD_IDS: readonly [string, string][] = [
  ['an unknown UUID', randomUUID()],
  ['not a UUID', 'not-a-uuid'],
]

/** One check per id of `ids`: `send`, naming it, answers 404 problem+json (decision 1). */
export function testNoRecordIds(
  operationId: string,
  send: (id: string) => Promise<ApiResponse>,
  title = 'When the id is %s, then it answers 404',
  ids = NO_RECORD_IDS,
): void {
  test.each(ids)(
    title,
    { covers: [decisionRule(1), statusRule(operationId, 404)] },
    async (_kind, id) => {
      // Act
      const res = await send(id)

      // Assert
      expect(res).toBeProblem(404)
    },
  )
}

/** The fields of a valid create that carry `word` (in employer, which search looks in). */
export const fieldsWith = (word: string, overrides: Record<string, string> = {}) =>
  contactFields({ employer: word, ...overrides })

/** A valid create form carrying `word`, then `extra` as it is (already encoded). */
export const formWith = (word: string, extra: string): string =>
  `${encodeFields(contactForm(fieldsWith(word)))}&${extra}`

/** A valid JSON contact carrying `word`, with `fields` set (or, undefined, left out). */
export const jsonWith = (word: string, fields: Record<string, unknown> = {}) => ({
  ...fieldsWith(word),
  relationship_type: 1,
  ...fields,
})

/**
 * Sends a create of a contact whose body (`body` makes it) carries a word no record has: it must
 * answer `status` naming `fields`, and no contact may hold the word afterwards.
 */
export async function expectCreateRefused(
  body: (word: string) => RequestOptions,
  status: number,
  fields?: readonly string[],
): Promise<ApiResponse> {
  // Arrange
  const word = uniqueWord()

  // Act
  const res = await call('POST', orgPath('contacts'), body(word))

  // Assert
  expect(res).toBeProblem(status, fields)
  expect(await countContactsMatching(word)).toBe(0)
  return res
}

/** `res` is the problem `status` naming `fields`, and the record at `path` still reads `before`. */
export async function expectUnchanged(
  res: ApiResponse,
  path: string,
  before: unknown,
  status: number,
  fields?: readonly string[],
): Promise<void> {
  expect(res).toBeProblem(status, fields)
  expect((await call('GET', path)).body).toEqual(before)
}

/**
 * `method` on the record at `path` (another user's or organization's) is answered as it is for
 * an id no record has, but for the id: a 404 that reveals nothing of the record.
 */
export async function expectHidden(
  method: Method,
  path: (id: string) => string,
  id: string,
  options: RequestOptions,
): Promise<void> {
  // Arrange
  const missing = randomUUID()

  // Act
  const theirs = await call(method, path(id), options)
  const none = await call(method, path(missing), options)

  // Assert
  expect(theirs).toBeProblem(404)
  expect(answerSeen(theirs, [id])).toEqual(answerSeen(none, [missing]))
}
