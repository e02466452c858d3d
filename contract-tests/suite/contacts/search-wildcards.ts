// search= is a substring match of the text as sent (decision 10): % and _ are characters like any
// other, never wildcards (a server that builds a SQL LIKE from the text would treat them so).
import { decisionRule } from '../rules/rule.ts'
import { expect, test } from '../support/test-api.ts'
import { orgPath } from '../support/api.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import { fetchPage } from '../support/pages.ts'
import { createContact, uniqueWord, type Contact } from '../support/records.ts'

const path = orgPath('contacts')

const search = async (text: string): Promise<string[]> =>
  (await fetchPage<Contact>(path, 'contacts', [['search', text]])).items.map((item) => item.id)

describeIf(
  { ...WRITES, covers: [decisionRule(10)] },
  'GET /api/v1/orgs/{org_id}/contacts?search=, special characters',
  () => {
    test.each([
      ['%', (word: string) => `${word.slice(0, 6)}%${word.slice(-4)}`],
      ['_', (word: string) => `${word.slice(0, 6)}_${word.slice(7)}`],
    ])(
      'When the text has %s in it, then it matches only that character, not any text',
      async (_sign, pattern) => {
        // Arrange: a contact whose employer the pattern would match as a wildcard, not as text.
        const word = uniqueWord('Wild')
        await createContact({ employer: word })

        // Act
        const found = await search(pattern(word))

        // Assert
        expect(found).toEqual([])
      },
    )

    test('When the text has % and _ as the contact has them, then the search finds it', async () => {
      // Arrange
      const word = uniqueWord('Sale')
      const contact = await createContact({ employer: `${word} 50%_off` })

      // Act
      const found = await search(`${word} 50%_off`)

      // Assert
      expect(found).toEqual([contact.id])
    })
  },
)
