// What the server answers before any operation: a Host it does not serve (decision 21), a request
// without one, headers too large (431) or too slow (408); and how it reads multipart (decision
// 23): a part holding a file, or without a name, is a 400, the same parts as plain fields are not.
import { randomUUID } from 'node:crypto'
import { decisionRule, EVERY_PATH, statusRule } from '../rules/rule.ts'
import { expect, test } from '../support/test-api.ts'
import { call, orgPath } from '../support/api.ts'
import { contractEnv } from '../support/env.ts'
import { describeIf, testIf, WRITES } from '../support/gates.ts'
import { baseTarget, sendRaw } from '../support/raw-http.ts'
import { contactFields, contactForm, fetchContact, type Contact } from '../support/records.ts'
import { expectCreateRefused, testRefused } from '../support/record-checks.ts'

/** A name no deployment serves: what a DNS-rebinding page would send. */
const rebindingHost = (): string => `rebind-${randomUUID()}.example`
const THROUGH_PRISM = 'the request as sent: it answers the Host and the size of headers itself'
// A fetch call has no connection: its URL names the host, and it has no head to limit or wait for.
const THROUGH_FETCH = 'a Host, a head too large or one that stops: it has no HTTP connection'

describeIf(
  { notThroughPrism: THROUGH_PRISM, notThroughFetch: THROUGH_FETCH },
  'Requests the server refuses before any operation',
  () => {
    test.each([
      ['a name', rebindingHost],
      // brackets hold an IPv6 address or nothing the server serves
      ['brackets around no IPv6 address', () => '[evil]'],
    ])(
      'When a request names a Host the server does not serve (%s), then it answers 403 problem+json without CORS headers, before the token is looked at',
      { covers: [decisionRule(21), decisionRule(20), statusRule('listContacts', 403)] },
      async (_label, host) => {
        // Act
        const res = await call('GET', orgPath('contacts'), {
          token: null,
          headers: { Host: host(), Origin: 'https://app.example' },
        })

        // Assert
        expect(res).toBeProblem(403)
        expect(res.headers['access-control-allow-origin']).toBeUndefined()
      },
    )

    test(
      'When the same request names the server in Host, then it is not refused for its Host',
      { covers: [decisionRule(21)] },
      async () => {
        // Act
        const res = await call('GET', orgPath('contacts'), {
          headers: { Host: baseTarget().host, Origin: 'https://app.example' },
        })

        // Assert
        expect(res).toMatchDocument()
        expect(res.status).toBe(200)
      },
    )

    test(
      'When an HTTP/1.1 request has no Host header, then it answers 400',
      { covers: [decisionRule(21), statusRule('listRelationshipTypes', 400)] },
      async () => {
        // Act
        const answer = await sendRaw(
          `GET ${baseTarget().prefix}/api/v1/relationships HTTP/1.1\r\nConnection: close\r\n\r\n`,
          contractEnv().requestTimeoutMs,
        )

        // Assert
        expect(answer).toMatchObject({ status: 400 })
      },
    )

    // problem+json, as every error of the errors table, though no operation lists it
    testRefused(
      { covers: [statusRule(EVERY_PATH, 431)] },
      'When the headers are larger than 32 KiB, then it answers 431',
      () =>
        call('GET', '/api/v1/relationships', { headers: { 'X-Padding': 'a'.repeat(32 * 1024) } }),
      431,
    )

    test(
      'When the headers stop arriving, then it answers 408 within the request timeout',
      { covers: [statusRule(EVERY_PATH, 408)] },
      async () => {
        // Arrange: a head that never ends, on a connection kept open
        const { host, prefix } = baseTarget()
        const head = `GET ${prefix}/api/v1/relationships HTTP/1.1\r\nHost: ${host}\r\nX-Slow: a`

        // Act
        const answer = await sendRaw(head, contractEnv().requestTimeoutMs)

        // Assert
        expect(answer).toMatchObject({ status: 408 })
      },
    )
  },
)

const BOUNDARY = '----contract-suite-part-check'

/** A multipart create of `fields`, the part of `first_name` written with `disposition`. */
function multipartWith(disposition: string, fields: Record<string, string>): string {
  const parts = Object.entries(contactForm(fields)).map(([name, value]) => {
    const head =
      name === 'contact[first_name]'
        ? disposition.replace('NAME', name)
        : `Content-Disposition: form-data; name="${name}"`
    return `--${BOUNDARY}\r\n${head}\r\n\r\n${value}\r\n`
  })
  return `${parts.join('')}--${BOUNDARY}--\r\n`
}

const CREATE_400 = [decisionRule(23), statusRule('createContact', 400)]
const contentType = `multipart/form-data; boundary=${BOUNDARY}`
const PLAIN = 'Content-Disposition: form-data; name="NAME"'

/** A multipart create of valid fields carrying `word` (in last_name, which search looks in). */
const multipartOf = (word: string, disposition = PLAIN): string =>
  multipartWith(disposition, contactFields({ last_name: word }))

describeIf(WRITES, 'Multipart bodies read as the form (decision 23)', () => {
  // Prism 5's proxy exits on such a part, and every later request of the run is refused.
  const prismExits = { notThroughPrism: 'a multipart part with a file or without a name' }
  describeIf(prismExits, 'Parts the form cannot hold', () => {
    test.each([
      ['holds a file', 'Content-Disposition: form-data; name="NAME"; filename="a.txt"'],
      ['has no name', 'Content-Disposition: form-data'],
    ])(
      'When a part of a multipart create %s, then it answers 400 and stores nothing',
      { covers: CREATE_400 },
      async (_label, disposition) => {
        const body = (word: string) => ({
          raw: { contentType, body: multipartOf(word, disposition) },
        })
        await expectCreateRefused(body, 400)
      },
    )
  })

  test.each<[string, (body: string) => { contentType: string; body: string }]>([
    [
      'has no boundary in its Content-Type',
      (body) => ({ contentType: 'multipart/form-data', body }),
    ],
    [
      'stops before its closing delimiter',
      (body) => ({ contentType, body: body.slice(0, body.lastIndexOf(`--${BOUNDARY}--`)) }),
    ],
  ])(
    'When a multipart create %s, then it answers 400 and stores nothing',
    { covers: [decisionRule(19), statusRule('createContact', 400)] },
    async (_label, shape) => {
      await expectCreateRefused((word) => ({ raw: shape(multipartOf(word)) }), 400)
    },
  )

  testIf(
    { covers: [decisionRule(23), statusRule('createContact', 201)] },
    'When the same parts name plain fields, then the create is read as the urlencoded form: 201',
    async () => {
      // Arrange
      const fields = contactFields()

      // Act
      const res = await call('POST', orgPath('contacts'), {
        raw: { contentType, body: multipartWith(PLAIN, fields) },
      })

      // Assert
      expect(res).toMatchDocument()
      expect(res.status).toBe(201)
      const stored = (await fetchContact((res.body as Contact).id)).body
      expect(stored).toMatchObject({ first_name: fields['first_name'] })
    },
  )
})
