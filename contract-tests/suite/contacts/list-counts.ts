// What a list's count counts, and its order when records share created_at (decision 11).
import { decisionRule, statusRule } from '../rules/rule.ts'
import { expect, test } from '../support/test-api.ts'
import { call, orgPath } from '../support/api.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import { fetchPage, isListOrder } from '../support/pages.ts'
import { createContact, uniqueWord, type Contact } from '../support/records.ts'

const path = orgPath('contacts')

/** count of the whole list (no search), with or without the deleted records. */
async function countAll(withDeleted: boolean): Promise<number> {
  const query: [string, string][] = [
    ['limit', '1'],
    ...(withDeleted ? ([['include[]', 'deleted']] as [string, string][]) : []),
  ]
  return (await fetchPage<Contact>(path, 'contacts', query)).count
}

describeIf(WRITES, 'GET /api/v1/orgs/{org_id}/contacts, count', () => {
  test(
    'When a contact is soft-deleted, then the count of the list drops by one and counts it only with include[]=deleted',
    { covers: [statusRule('listContacts', 200)] },
    async () => {
      // Arrange
      const contact = await createContact()
      const [active, all] = [await countAll(false), await countAll(true)]

      // Act
      await call('DELETE', orgPath('contacts', contact.id))

      // Assert
      expect({ active: await countAll(false), all: await countAll(true) }).toEqual({
        active: active - 1,
        all,
      })
    },
  )

  test(
    'When a search has soft-deleted matches, then count leaves them out unless include[]=deleted is sent',
    { covers: [decisionRule(10), statusRule('listContacts', 200)] },
    async () => {
      // Arrange
      const word = uniqueWord('Count')
      const kept = await createContact({ employer: word })
      const gone = await createContact({ employer: word })
      await call('DELETE', orgPath('contacts', gone.id))

      // Act
      const plain = await fetchPage<Contact>(path, 'contacts', [['search', word]])
      const all = await fetchPage<Contact>(path, 'contacts', [
        ['search', word],
        ['include[]', 'deleted'],
      ])

      // Assert
      expect({ count: plain.count, ids: plain.items.map((item) => item.id) }).toEqual({
        count: 1,
        ids: [kept.id],
      })
      expect(all.count).toBe(2)
    },
  )
})

describeIf(WRITES, 'GET /api/v1/orgs/{org_id}/contacts, records created at once', () => {
  test(
    'When records are created at the same moment (equal created_at), then the list orders them by id',
    { covers: [decisionRule(11)] },
    async () => {
      // Arrange: created together, many share a created_at on any server whose clock is coarse.
      const word = uniqueWord('Tie')
      const created = await Promise.all(
        Array.from({ length: 12 }, () => createContact({ employer: word })),
      )

      // Act
      const page = await fetchPage<Contact>(path, 'contacts', [['search', word]])

      // Assert
      expect(page.items.map((item) => item.id).sort()).toEqual(
        created.map((item) => item.id).sort(),
      )
      expect(isListOrder(page.items)).toBe(true)
    },
  )
})
