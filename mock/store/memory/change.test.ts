import { describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE, ORGS } from '../../../fixtures/identities.ts'
import { changeOf, committedData, undoEntryOf } from './change.ts'
import type { Data, User } from '../../shared/data.ts'

const alice: User = { ...ALICE, org_ids: [...ALICE.org_ids] }
const data = (users: User[], orgIds: string[]): Data => ({
  version: 1,
  orgs: orgIds.map((id) => ({ id, name: id })),
  users,
  relationship_types: [],
  contacts: [],
  user_relationships: [],
})

describe('committedData', () => {
  test('When an org and its user are not saved yet, then the committed data has neither', () => {
    // Arrange
    const newUser: User = { ...alice, id: 'u-2', token: 't-2', org_ids: ['org-2'] }
    const unsaved = [
      changeOf({ collection: 'orgs', put: { id: 'org-2', name: 'org-2' } }, undefined),
      changeOf({ collection: 'users', put: newUser }, undefined),
    ]

    // Act
    const committed = committedData(data([alice, newUser], [ACME_ORG_ID, 'org-2']), unsaved)

    // Assert
    expect(committed.orgs.map((org) => org.id)).toEqual([ACME_ORG_ID])
    expect(committed.users).toEqual([alice])
  })

  test('When a user removal is not saved yet, then the committed data still has the user', () => {
    // Arrange
    const unsaved = [changeOf({ collection: 'users', remove: alice.id }, alice)]

    // Act
    const committed = committedData(
      data(
        [],
        ORGS.map((org) => org.id),
      ),
      unsaved,
    )

    // Assert
    expect(committed.users).toEqual([alice])
  })
})

describe('undoEntryOf', () => {
  test('When a change created an org, then its undo removes it; when it replaced a user, then its undo puts the user back', () => {
    // Arrange
    const created = changeOf({ collection: 'orgs', put: { id: 'org-2', name: 'x' } }, undefined)
    const replaced = changeOf({ collection: 'users', remove: alice.id }, alice)

    // Act
    const undoCreate = undoEntryOf(created)
    const undoReplace = undoEntryOf(replaced)

    // Assert
    expect(undoCreate).toEqual({ collection: 'orgs', remove: 'org-2' })
    expect(undoReplace).toEqual({ collection: 'users', put: alice })
  })
})
