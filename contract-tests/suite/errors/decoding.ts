// Requests that cannot be decoded (decision 19 and the 400 of the errors table): broken
// percent-escapes, invalid UTF-8, NUL characters, form names that are not well-formed bracketed
// names or are nested too deeply, JSON that cannot be parsed. All are 400, and nothing is stored.
import { describe, expect, test } from '../support/test-api.ts'
import { call, encodeFields, orgPath, type RequestOptions } from '../support/api.ts'
import { describeIf, testIf, WRITES } from '../support/gates.ts'
import { contactForm, countContactsMatching, uniqueWord } from '../support/records.ts'
import { expectCreateRefused, fieldsWith, formWith } from '../support/record-checks.ts'
import { decisionRule, statusRule } from '../rules/rule.ts'

const CREATE_400 = [decisionRule(19), statusRule('createContact', 400)]
const LIST_400 = [decisionRule(19), statusRule('listContacts', 400)]

/** A valid create form carrying `word`, then `extra` as it is (already encoded). */
const extended = (word: string, extra: string): RequestOptions => ({ form: formWith(word, extra) })

/** A create as JSON text carrying `word`, with `first_name` written as the raw JSON `name`. */
const jsonWith = (word: string, name: string): RequestOptions => ({
  raw: {
    contentType: 'application/json',
    body: `{"contact":{"first_name":${name},"relationship_type":1,"employer":"${word}"}}`,
  },
})

describeIf({ ...WRITES, covers: CREATE_400 }, 'Bodies that cannot be decoded', () => {
  test.each<[string, (word: string) => RequestOptions]>([
    [
      'a form value with a truncated escape',
      (word) => extended(word, 'contact%5Bnickname%5D=%E0%A4%A'),
    ],
    ['a form value with a non-hex escape', (word) => extended(word, 'contact%5Bnickname%5D=100%')],
    ['a form value with a NUL character', (word) => extended(word, 'contact%5Bnickname%5D=A%00')],
    ['a form name with an unclosed bracket', (word) => extended(word, 'contact[nickname=Ann')],
    ['a form name starting with a bracket', (word) => extended(word, '[contact][nickname]=Ann')],
    ['a form name nested five levels deep', (word) => extended(word, 'contact[a][b][c][d][e]=1')],
    ['a form name nested, then plain', (word) => extended(word, 'contact=Ann')],
    [
      'a form name plain, then nested',
      (word) => ({
        form: `contact=Ann&${encodeFields(contactForm(fieldsWith(word)))}`,
      }),
    ],
    ['a JSON string with a NUL escape', (word) => jsonWith(word, '"A\\u0000"')],
  ])('When a create has %s, then it answers 400 and stores nothing', async (_label, body) => {
    await expectCreateRefused(body, 400)
  })
})

describe('Query strings that cannot be decoded', { covers: LIST_400 }, () => {
  test.each([
    ['a NUL character', 'search=a%00b'],
    ['a broken escape in a name', 'sea%rch=x'],
  ])('When the query string has %s, then it answers 400', async (_label, query) => {
    // Act
    const res = await call('GET', orgPath('contacts'), { query })

    // Assert
    expect(res).toBeProblem(400)
  })
})

/** Create bodies carrying `word` that are no JSON a parser takes. */
const unparsable = (word: string): RequestOptions[] =>
  [
    `{"contact": {"first_name": "Ann", "employer": "${word}"`,
    `{"contact": {"first_name": "Ann", "relationship_type": 1, "employer": "${word}",}}`,
    `{'contact': {'first_name': 'Ann', 'relationship_type': 1, 'employer': '${word}'}}`,
    Buffer.concat([
      Buffer.from('{"contact":{"first_name":"'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`","relationship_type":1,"employer":"${word}"}}`),
    ]),
  ].map((body) => ({ raw: { contentType: 'application/json', body } }))

describe('Requests that reach the target only as sent', () => {
  testIf(
    {
      writes: true,
      notThroughPrism: 'a request it cannot decode',
      covers: [...CREATE_400, ...LIST_400],
    },
    'When a JSON body cannot be parsed or is not UTF-8, or a query string has a broken escape, then it answers 400 and stores nothing',
    async () => {
      // Arrange
      const word = uniqueWord()
      const queries = ['search=%E0%A4%A', 'search=%ZZ', 'search=%FF']

      // Act
      const creates = await Promise.all(
        unparsable(word).map((body) => call('POST', orgPath('contacts'), body)),
      )
      const lists = await Promise.all(
        queries.map((query) => call('GET', orgPath('contacts'), { query })),
      )

      // Assert
      for (const res of [...creates, ...lists]) expect(res).toBeProblem(400)
      expect(await countContactsMatching(word)).toBe(0)
    },
  )

  testIf(
    { writes: true, notThroughPrism: 'a request it cannot decode', covers: CREATE_400 },
    'When a body says Content-Encoding: gzip and is neither gzip nor UTF-8, then it answers 400 and stores nothing',
    async () => {
      // A server that inflates it fails to; one that reads it as sent finds bytes that are not
      // UTF-8 (decision 19). Either way the body cannot be read.
      const gzipped = (word: string) => ({
        ...unparsable(word).at(-1),
        headers: { 'Content-Encoding': 'gzip' },
      })
      await expectCreateRefused(gzipped, 400)
    },
  )
})
