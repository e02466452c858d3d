// The oracle's two rules, alone: which requests the reference answers and which answers are
// compared (comparable.ts), and what counts as a difference between two answers
// (compare-answers.ts).
import { describe, expect, test } from '@jest/globals'
import {
  CLOCK_STEP_MS,
  compareAnswers,
  type Answer,
  type CompareContext,
} from '../suite/support/oracle/compare-answers.ts'
import {
  judgeRequest,
  REASONS,
  type RuleContext,
  type SentExchange,
} from '../suite/support/oracle/comparable.ts'
import { createIdMap } from '../suite/support/oracle/id-map.ts'
import { clockFieldsOf } from '../suite/support/oracle/oracle.ts'
import { loadDocument } from '../../openapi/document-files.ts'
import { formatOracleCounts } from '../runner/report/oracle-counts.ts'

const ORG = '11111111-1111-4111-8111-111111111111'
const RUN_ID = 'ab12cd34'
const TEMPLATES = [
  '/api/v1/login',
  '/api/v1/relationships',
  '/api/v1/orgs/{org_id}/contacts',
  '/api/v1/orgs/{org_id}/contacts/{contact_id}',
]
const CONTACTS = `/api/v1/orgs/${ORG}/contacts`
const TARGET_ID = '0a0a0a0a-0000-4000-8000-000000000001'
const REFERENCE_ID = '0b0b0b0b-0000-4000-8000-000000000001'
const UNBOUND_ID = '0c0c0c0c-0000-4000-8000-000000000001'

const sent = (overrides: Partial<SentExchange> = {}): SentExchange => ({
  method: 'GET',
  path: CONTACTS,
  query: '',
  body: undefined,
  headers: { Accept: 'application/json', Authorization: 'Bearer alice-token' },
  ...overrides,
})

const ruleContext = (overrides: Partial<RuleContext> = {}): RuleContext => ({
  templates: TEMPLATES,
  runId: RUN_ID,
  ids: createIdMap([ORG]),
  diverged: undefined,
  ...overrides,
})

describe('Which requests the oracle compares', () => {
  test.each([
    ['a path outside the document', sent({ path: '/api/v2/nothing' }), REASONS.outside],
    ['a request with its own Host', sent({ headers: { Host: 'evil.test' } }), REASONS.transport],
    ['a GET with a body', sent({ body: '{}' }), REASONS.transport],
    ['a list without a search', sent(), REASONS.unnarrowed],
    [
      'a list searching for a word without the run id',
      sent({ query: 'search=Ann' }),
      REASONS.unnarrowed,
    ],
  ])('When the request is %s, then it is not sent to the reference', (_, request, reason) => {
    // Act
    const verdict = judgeRequest(request, ruleContext())

    // Assert
    expect(verdict).toEqual({ kind: 'skip', reason })
  })

  test('When a request asks for a fault (Prefer), then the reference follows it but its answer is not compared', () => {
    // Act
    const verdict = judgeRequest(
      sent({ method: 'POST', body: 'x', headers: { Prefer: 'code=500' } }),
      ruleContext(),
    )

    // Assert
    expect(verdict).toEqual({ kind: 'follow', reason: REASONS.fault })
  })

  test("When the request is the catalog, then the reference follows it (its types are bound) but it is the deployment's", () => {
    // Act
    const verdict = judgeRequest(sent({ path: '/api/v1/relationships' }), ruleContext())

    // Assert
    expect(verdict).toEqual({ kind: 'follow', reason: REASONS.catalog })
  })

  test("When a list searches for a word carrying the run's id, then it is compared, until the states diverge", () => {
    // Arrange
    const request = sent({ query: `search=Tester${RUN_ID}ff00ee&limit=5` })

    // Act
    const mirrored = judgeRequest(request, ruleContext())
    const diverged = judgeRequest(request, ruleContext({ diverged: `POST ${CONTACTS}` }))

    // Assert
    expect(mirrored).toEqual({ kind: 'compare' })
    expect(diverged).toEqual({ kind: 'skip', reason: REASONS.diverged })
  })

  test('When a session ends, then the records it met are its bound target ids and those it saw unbound, in lower case, not the values both sides share', () => {
    // Arrange: one record compared (bound), one whose create the reference could not be asked
    const ids = createIdMap([ORG])
    ids.bind(TARGET_ID, REFERENCE_ID)
    ids.noteSeen(ORG)
    ids.noteSeen(UNBOUND_ID.toUpperCase())

    // Act
    const learned = ids.ownTargets()

    // Assert
    expect(learned.sort()).toEqual([TARGET_ID, UNBOUND_ID].sort())
  })

  test("When a request names a record of a generated sequence (its own session compared it), then the file's reference is not sent it, in any case of the id", () => {
    // Arrange
    const elsewhere = new Set([TARGET_ID])
    const purge = sent({ method: 'DELETE', path: `${CONTACTS}/${TARGET_ID.toUpperCase()}` })
    const other = sent({ method: 'DELETE', path: `${CONTACTS}/${REFERENCE_ID}` })

    // Act
    const verdicts = [purge, other].map((request) =>
      judgeRequest(request, ruleContext({ elsewhere })),
    )

    // Assert
    expect(verdicts).toEqual([{ kind: 'skip', reason: REASONS.session }, { kind: 'compare' }])
  })

  test("When a request names a record the target answered with and the run did not create, then it is not compared; a record of the run's, or an id no answer named, is", () => {
    // Arrange
    const ids = createIdMap([ORG])
    const deployments = '0c0c0c0c-0000-4000-8000-000000000001'
    ids.noteSeen(deployments)
    ids.bind(TARGET_ID, REFERENCE_ID)
    ids.noteSeen(TARGET_ID)
    const never = '0d0d0d0d-0000-4000-8000-000000000001'

    // Act
    const verdicts = [deployments, TARGET_ID, never].map((id) =>
      judgeRequest(sent({ path: `${CONTACTS}/${id}` }), ruleContext({ ids })),
    )

    // Assert
    expect(verdicts).toEqual([
      { kind: 'skip', reason: REASONS.foreign },
      { kind: 'compare' },
      { kind: 'compare' },
    ])
  })
})

const NOW = Date.parse('2026-11-27T12:00:00.000Z')
const at = (ms: number): string => new Date(NOW + ms).toISOString()

const answer = (body: unknown, status = 200, headers: Record<string, string> = {}): Answer => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body,
  text: JSON.stringify(body),
})

const compareContext = (overrides: Partial<CompareContext> = {}): CompareContext => ({
  ids: createIdMap([ORG]),
  headers: ['location'],
  clockFields: new Set(['created_at', 'updated_at', 'deleted_at', 'expires_at']),
  history: new Map(),
  wrote: false,
  sentAt: NOW - 1000,
  receivedAt: NOW + 1000,
  clockSkewMs: 60_000,
  users: new Set(),
  ...overrides,
})

const contact = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  first_name: 'Ann',
  created_at: at(0),
  updated_at: at(0),
  deleted_at: null,
  ...fields,
})

describe('What the oracle counts as a difference', () => {
  test('When a create answers on both sides, then the two ids are bound, the Location compared through them, and a later value that differs is named with both sides', () => {
    // Arrange
    const context = compareContext({ wrote: true })

    // Act
    const created = compareAnswers(
      answer(contact(TARGET_ID), 201, {
        location: `http://127.0.0.1:1/api/v1/orgs/${ORG}/contacts/${TARGET_ID}`,
      }),
      answer(contact(REFERENCE_ID), 201, {
        location: `http://localhost/api/v1/orgs/${ORG}/contacts/${REFERENCE_ID}`,
      }),
      context,
    )
    const read = compareAnswers(
      answer(contact(TARGET_ID, { first_name: 'Anne' })),
      answer(contact(REFERENCE_ID)),
      compareContext({ ids: context.ids, history: context.history }),
    )

    // Assert
    expect(created).toEqual([])
    expect(context.ids.toReference(TARGET_ID)).toBe(REFERENCE_ID)
    expect(read).toEqual(['first_name: target "Anne", reference "Ann"'])
  })

  test('When only the status differs, then that alone is told', () => {
    // Act
    const differences = compareAnswers(
      answer({ status: 404 }, 404),
      answer({ status: 409 }, 409),
      compareContext(),
    )

    // Assert
    expect(differences).toEqual(['status: target 404, reference 409'])
  })

  test('When detail and instance differ, then they are not differences: free text and the echo of a path', () => {
    // Act
    const differences = compareAnswers(
      answer({ status: 404, title: 'Not Found', detail: 'No such contact.', instance: '/a' }, 404),
      answer(
        { status: 404, title: 'Not Found', detail: 'There is no contact x.', instance: '/b' },
        404,
      ),
      compareContext(),
    )

    // Assert
    expect(differences).toEqual([])
  })

  test('When a read moves updated_at, or a write moves it backwards, or sets a time far from the run clock, then each is a difference; a write in the same millisecond is not', () => {
    // Arrange
    const ids = createIdMap([ORG])
    ids.bind(TARGET_ID, REFERENCE_ID)
    // the record was seen as created 10 ms before each request is sent
    const history = new Map([
      [`${REFERENCE_ID} updated_at`, { target: at(0), reference: at(0), firstSeenAt: NOW - 1010 }],
      [`${REFERENCE_ID} created_at`, { target: at(0), reference: at(0), firstSeenAt: NOW - 1010 }],
    ])
    const compare = (target: string, reference: string, wrote: boolean): string[] => {
      const context = compareContext({ ids, history: new Map(history), wrote })
      return compareAnswers(
        answer(contact(TARGET_ID, { updated_at: target })),
        answer(contact(REFERENCE_ID, { updated_at: reference })),
        context,
      )
    }

    // Act
    const readMoves = compare(at(5), at(0), false)
    const writeBackwards = compare(at(-5), at(5), true)
    const writeFarAway = compare(at(3_600_000), at(5), true)
    const writeSameMillisecond = compare(at(0), at(5), true)

    // Assert
    expect(readMoves).toEqual([
      expect.stringMatching(/^updated_at: target .+, moved from .+, reference .+, kept$/),
    ])
    expect(writeBackwards).toEqual([
      expect.stringMatching(/^updated_at: target .+, earlier than its /),
    ])
    expect(writeFarAway).toEqual([expect.stringMatching(/outside the request's time/)])
    expect(writeSameMillisecond).toEqual([])
  })

  test('When a list holds the same records in another order, then it is a difference only where both clocks order them strictly the same way', () => {
    // Arrange
    const ids = createIdMap([ORG])
    const [t1, t2, r1, r2] = ['1', '2', '3', '4'].map(
      (n) => `0${n}0${n}0${n}0${n}-0000-4000-8000-000000000001`,
    )
    ids.bind(t1 ?? '', r1 ?? '')
    ids.bind(t2 ?? '', r2 ?? '')
    const list = (first: string, second: string, firstAt: number, secondAt: number) =>
      answer({
        contacts: [
          contact(first, { created_at: at(firstAt), updated_at: at(firstAt) }),
          contact(second, { created_at: at(secondAt), updated_at: at(secondAt) }),
        ],
        count: 2,
      })

    // Act
    const reversed = compareAnswers(
      list(t2 ?? '', t1 ?? '', 5, 0),
      list(r1 ?? '', r2 ?? '', 0, 5),
      compareContext({ ids }),
    )
    const tied = compareAnswers(
      list(t2 ?? '', t1 ?? '', 0, 0),
      list(r1 ?? '', r2 ?? '', 0, 0),
      compareContext({ ids }),
    )

    // Assert
    expect(reversed).toEqual([expect.stringMatching(/^contacts order: target /)])
    expect(tied).toEqual([])
  })

  test("When a list holds a record the reference does not, then it is named; a user of the run's identities is compared by id alone", () => {
    // Arrange
    const ids = createIdMap([ORG])
    ids.bind(TARGET_ID, REFERENCE_ID)
    const stranger = '0e0e0e0e-0000-4000-8000-000000000001'
    const user = '0f0f0f0f-0000-4000-8000-000000000001'

    // Act
    const extra = compareAnswers(
      answer({ contacts: [contact(TARGET_ID), contact(stranger)], count: 2 }),
      answer({ contacts: [contact(REFERENCE_ID)], count: 1 }),
      compareContext({ ids }),
    )
    const login = compareAnswers(
      answer({
        token: 'target-session',
        user: { id: 'a11ce000-0000-4000-8000-000000000001', name: 'Alice' },
      }),
      answer({ token: 'reference-session', user: { id: user, name: 'Run' } }),
      compareContext({ ids, users: new Set([user]) }),
    )

    // Assert
    expect(extra).toEqual([
      `contacts: target lists ${stranger}, which the reference does not, reference (absent)`,
      'count: target 2, reference 1',
    ])
    expect(login).toEqual([])
    expect(ids.toReference('target-session')).toBe('reference-session')
  })

  test("When a login's session expires on the target and never in the reference, then only an expiry before the request is a difference: the lifetime is the deployment's setting", () => {
    // Arrange
    const session = (expiresAt: string | null) => ({
      token: 't',
      token_type: 'Bearer',
      expires_at: expiresAt,
    })
    const compare = (expiresAt: string | null): string[] =>
      compareAnswers(
        answer(session(expiresAt)),
        answer({ ...session(null), token: 'r' }),
        compareContext(),
      )

    // Act
    const later = compare(at(3_600_000))
    const never = compare(null)
    const past = compare(at(-3_600_000))

    // Assert
    expect(later).toEqual([])
    expect(never).toEqual([])
    expect(past).toEqual([
      expect.stringMatching(/^expires_at: target .+, not a time after the request/),
    ])
  })

  test("When the document is read, then the server's clock fields are the properties of its Timestamp schemas, expires_at's choice of one or null included", () => {
    // Act
    const fields = clockFieldsOf(loadDocument())

    // Assert
    expect([...fields].sort()).toEqual(['created_at', 'deleted_at', 'expires_at', 'updated_at'])
  })

  test('When the test files counted what the reference compared, then the run says so in one line, the reasons by count; with nothing counted, nothing', () => {
    // Act
    const line = formatOracleCounts(
      new Map([
        [REASONS.outside, 2],
        ['compared', 10],
        [REASONS.unnarrowed, 5],
      ]),
    )
    const none = formatOracleCounts(new Map())

    // Assert
    expect(line).toBe(
      `the reference model compared 10 of 17 requests; not compared: 5 × ${REASONS.unnarrowed}; 2 × ${REASONS.outside}`,
    )
    expect(none).toBeUndefined()
  })

  test("When a write moves the reference's updated_at and the target keeps its own, then it is a difference once the write came CLOCK_STEP_MS or more after the value was first seen, not before", () => {
    // Arrange
    const ids = createIdMap([ORG])
    ids.bind(TARGET_ID, REFERENCE_ID)
    const compareAfter = (elapsed: number): string[] =>
      compareAnswers(
        answer(contact(TARGET_ID, { updated_at: at(0) })),
        answer(contact(REFERENCE_ID, { updated_at: at(elapsed) })),
        compareContext({
          ids,
          wrote: true,
          history: new Map([
            [
              `${REFERENCE_ID} updated_at`,
              { target: at(0), reference: at(0), firstSeenAt: NOW - 1000 - elapsed },
            ],
          ]),
        }),
      )

    // Act
    const soon = compareAfter(CLOCK_STEP_MS - 1)
    const later = compareAfter(CLOCK_STEP_MS)

    // Assert
    expect(soon).toEqual([])
    expect(later).toEqual([
      expect.stringMatching(
        /^updated_at: target .+, kept by a write 50 ms after it was set, reference .+, moved$/,
      ),
    ])
  })
})
