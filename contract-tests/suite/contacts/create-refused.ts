// Creates refused before their fields are read: body types other than form and UTF-8 JSON (415),
// a body over the size limit (413), a bad query string (400, checked first). None stores anything:
// every body carries a unique word that a search would find.
import { decisionRule, orderRule, statusRule } from '../rules/rule.ts'
import { test } from '../support/test-api.ts'
import { call, orgPath, type RequestOptions } from '../support/api.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import { contactForm } from '../support/records.ts'
import { expectCreateRefused, fieldsWith, testRefused } from '../support/record-checks.ts'

const post = (options: RequestOptions) => call('POST', orgPath('contacts'), options)

describeIf(WRITES, 'POST /api/v1/orgs/{org_id}/contacts, refused', () => {
  test.each<[string, (word: string) => string]>([
    ['application/xml', (word) => `<contact><first_name>${word}</first_name></contact>`],
    ['text/plain', (word) => `contact[first_name]=${word}&contact[relationship_type]=1`],
    ['multipart/mixed; boundary=x', (word) => `--x\r\n\r\n${word}\r\n--x--`],
    [
      'application/json; charset=latin1',
      (word) => JSON.stringify({ contact: { first_name: word, relationship_type: 1 } }),
    ],
  ])(
    'When the body is %s, then it answers 415 and stores nothing',
    { covers: [decisionRule(19), statusRule('createContact', 415)] },
    async (contentType, body) => {
      await expectCreateRefused((word) => ({ raw: { contentType, body: body(word) } }), 415)
    },
  )

  test(
    'When the body is larger than 100 KiB, then it answers 413 and stores nothing',
    { covers: [decisionRule(19), statusRule('createContact', 413)] },
    async () => {
      const large = { how_you_met: 'x'.repeat(103_000) }
      await expectCreateRefused((word) => ({ form: contactForm(fieldsWith(word, large)) }), 413)
    },
  )

  test(
    'When an unknown query parameter is sent with a valid body, then it answers 400 naming it and stores nothing',
    { covers: [decisionRule(3), statusRule('createContact', 400)] },
    async () => {
      const body = (word: string) => ({ query: 'dry_run=1', form: contactForm(fieldsWith(word)) })
      await expectCreateRefused(body, 400, ['dry_run'])
    },
  )

  testRefused(
    { covers: [decisionRule(2), statusRule('createContact', 400)] },
    'When both the query and the body fields are invalid, then the query is checked first: 400',
    () => post({ query: 'dry_run=1', form: contactForm({ first_name: '' }) }),
    400,
    ['dry_run'],
  )

  testRefused(
    { covers: [decisionRule(2), orderRule('createContact', 'query', 'media')] },
    'When the body type is unsupported and the query invalid, then the query is checked first: 400',
    () => post({ query: 'dry_run=1', raw: { contentType: 'application/xml', body: '<contact/>' } }),
    400,
    ['dry_run'],
  )
})
