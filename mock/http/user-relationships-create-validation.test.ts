// User relationship create validation (422): contact, type and date; a rejected create adds nothing.
import { describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, BOB, CHILD_TYPE_ID, GLOBEX_ORG_ID } from '../../fixtures/identities.ts'
import {
  expectProblem,
  expectUnchangedCount,
  fixtures,
  messageOf,
  paths,
  UNKNOWN_ID,
  useContact,
  userRelationshipJson,
  useTestApp,
  withBody,
} from './support.ts'
import type { Payload, StoredContact } from './support.ts'

const http = useTestApp()
const contact = useContact(http, { first_name: 'Related' })

const CONTACT = 'user_relationship[contact_id]'
const TYPE = 'user_relationship[relationship_id]'
const DATE = 'user_relationship[anniversary_date]'

/** The id of a fixture contact (so that a missing one cannot turn a row into "contact_id missing"). */
const fixtureId = (predicate: (c: StoredContact) => boolean): string => {
  const found = fixtures().contacts.find(predicate)
  if (!found) throw new Error('the fixtures have no such contact')
  return found.id
}
const deletedAcme = () => fixtureId((c) => c.org_id === ACME_ORG_ID && c.deleted_at !== null)
const globexContact = () => fixtureId((c) => c.org_id === GLOBEX_ORG_ID)

type Row = [label: string, field: string, payload: () => Payload]

const REJECTED: Row[] = [
  ['contact_id missing', CONTACT, () => userRelationshipJson({ relationship_id: CHILD_TYPE_ID })],
  [
    'contact_id not a UUID',
    CONTACT,
    () => userRelationshipJson({ contact_id: 'bob', relationship_id: CHILD_TYPE_ID }),
  ],
  [
    'an unknown contact_id',
    CONTACT,
    () => userRelationshipJson({ contact_id: UNKNOWN_ID, relationship_id: CHILD_TYPE_ID }),
  ],
  [
    'a soft-deleted contact',
    CONTACT,
    () => userRelationshipJson({ contact_id: deletedAcme(), relationship_id: CHILD_TYPE_ID }),
  ],
  [
    "another org's contact",
    CONTACT,
    () => userRelationshipJson({ contact_id: globexContact(), relationship_id: CHILD_TYPE_ID }),
  ],
  ['a missing type', TYPE, () => userRelationshipJson({ contact_id: contact().id })],
  [
    'an unknown type',
    TYPE,
    () => userRelationshipJson({ contact_id: contact().id, relationship_id: UNKNOWN_ID }),
  ],
  [
    'a type that is not a UUID',
    TYPE,
    () => userRelationshipJson({ contact_id: contact().id, relationship_id: 'Child' }),
  ],
  [
    'a contact id as the type',
    TYPE,
    () => userRelationshipJson({ contact_id: contact().id, relationship_id: contact().id }),
  ],
  [
    'an unknown field',
    'user_relationship[user_id]',
    () =>
      userRelationshipJson({
        contact_id: contact().id,
        relationship_id: CHILD_TYPE_ID,
        user_id: BOB.id,
      }),
  ],
  ...['2023-02-30', '20230101', '2023-1-1', '2023-13-01', '2023-01-01T00:00:00Z', 'tomorrow'].map(
    (date): Row => [
      `anniversary_date ${date} (form)`,
      DATE,
      () => ({
        form:
          `user_relationship[contact_id]=${contact().id}&user_relationship[relationship_id]=${CHILD_TYPE_ID}` +
          `&user_relationship[anniversary_date]=${encodeURIComponent(date)}`,
      }),
    ],
  ),
  [
    'contact_id twice (form)',
    CONTACT,
    () => ({
      form:
        `user_relationship[contact_id]=${contact().id}&user_relationship[contact_id]=${contact().id}` +
        `&user_relationship[relationship_id]=${CHILD_TYPE_ID}`,
    }),
  ],
  [
    'an unknown top-level field',
    'soft_delete',
    () => ({
      json: {
        user_relationship: { contact_id: contact().id, relationship_id: CHILD_TYPE_ID },
        soft_delete: false,
      },
    }),
  ],
]

describe('Validation (a rejected create adds nothing)', () => {
  expectUnchangedCount(async () => (await http.listUserRelationships()).count)

  test.each(REJECTED)(
    'When a create has %s, then it is 422 naming %s',
    async (_l, field, payload) => {
      // Act
      const res = await withBody(http.post(paths.userRelationships()), payload())

      // Assert
      expectProblem(res, 422, [field])
    },
  )

  test('When both the contact and the type are unknown, then both are named', async () => {
    // Act
    const res = await withBody(http.post(paths.userRelationships()), {
      form: `${CONTACT}=${UNKNOWN_ID}&${TYPE}=${UNKNOWN_ID}`,
    })

    // Assert
    const problem = expectProblem(res, 422, [CONTACT, TYPE])
    expect(problem.detail).toBe('2 fields are invalid; nothing was changed.')
  })

  test('When the contact was soft-deleted after being linkable, then a new link is 422', async () => {
    // Arrange
    const doomed = await http.createContact({ first_name: 'Doomed' })
    await http.softDelete(paths.contact(doomed.id))

    // Act
    const res = await withBody(
      http.post(paths.userRelationships()),
      userRelationshipJson({ contact_id: doomed.id, relationship_id: CHILD_TYPE_ID }),
    )

    // Assert
    const problem = expectProblem(res, 422, [CONTACT])
    expect(messageOf(problem, CONTACT)).toBe('is not an active contact of this organization')
  })
})
