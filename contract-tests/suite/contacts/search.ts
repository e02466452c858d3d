// search= on the contact list (decision 10): the fields and full names it looks in, and no
// other; case and Unicode; with include[]=deleted and pages. It is a substring match of the text
// as sent: % and _ are characters like any other, never wildcards (a server that builds a SQL
// LIKE from the text would treat them so).
import { searchFieldsOf } from '../../../openapi/document.ts'
import { decisionRule, statusRule } from '../rules/rule.ts'
import { beforeAll, describe, expect, test } from '../support/test-api.ts'
import { call, orgPath, type Query } from '../support/api.ts'
import { contractDocument } from '../support/document.ts'
import { describeIf, WRITES } from '../support/gates.ts'
import { fetchPage } from '../support/pages.ts'
import { createContact, uniqueWord, type Contact, type ContactFields } from '../support/records.ts'

const path = orgPath('contacts')

/** The fields the document says search looks in, each on its own (not the full names). */
const SEARCHED = searchFieldsOf(contractDocument).flatMap((fields) =>
  fields.length === 1 ? fields : [],
)

/** The ids a search lists (a search for a unique word fits on one page, so count is their number). */
async function searchIds(search: string, extra: [string, string][] = []): Promise<string[]> {
  return listedIds([['search', search], ...extra])
}

async function listedIds(query: Query): Promise<string[]> {
  const res = await call('GET', path, { query })
  expect(res).toMatchDocument()
  expect(res.status).toBe(200)
  const { contacts, count } = res.body as { contacts: Contact[]; count: number }
  expect(count).toBe(contacts.length)
  return contacts.map((contact) => contact.id)
}

/** The ids of the first page a search for `text` lists. */
const firstPageIds = async (text: string): Promise<string[]> =>
  (await fetchPage<Contact>(path, 'contacts', [['search', text]])).items.map((item) => item.id)

/** A contact created with `fields` is what each of the searches finds, and it alone. */
async function expectFoundBy(fields: ContactFields, ...searches: string[]): Promise<void> {
  // Arrange
  const contact = await createContact(fields)

  // Act
  const found: string[][] = []
  for (const search of searches) found.push(await searchIds(search))

  // Assert
  expect(found).toEqual(searches.map(() => [contact.id]))
}

/** Every check of search follows decision 10. */
const SEARCH = [decisionRule(10), statusRule('listContacts', 200)]

describeIf({ ...WRITES, covers: SEARCH }, 'GET /api/v1/orgs/{org_id}/contacts?search=', () => {
  test.each(SEARCHED)(
    'When the text is in %s, then the search finds the contact',
    async (field) => {
      const word = uniqueWord('Find')
      await expectFoundBy({ [field]: `Some ${word} text` }, word)
    },
  )

  test('When the text differs in case, then the search still finds the contact', async () => {
    const word = uniqueWord('MiXeD')
    await expectFoundBy({ last_name: word }, word.toLowerCase(), word.toUpperCase())
  })

  test('When the text is URL-encoded unicode, then the search finds the contact (case-insensitive)', async () => {
    const word = uniqueWord()
    const lower = `żółkiewska-ørsted ${word}`
    const upper = `ŻÓŁKIEWSKA-ØRSTED ${word.toUpperCase()}`
    await expectFoundBy({ last_name: `Żółkiewska-Ørsted ${word}` }, lower, upper)
  })

  test('When the text is in decomposed unicode (NFD), then it finds the composed (NFC) name', async () => {
    const word = uniqueWord()
    await expectFoundBy({ first_name: `Zoë${word}` }, `Zoë${word}`.normalize('NFD'))
  })

  test('When the text is the full name "first last" or "first middle last", then it finds the contact', async () => {
    // Arrange
    const last = uniqueWord('Family')
    const contact = await createContact({
      first_name: 'Ann',
      middle_name: 'Marie',
      last_name: last,
    })

    // Act
    const firstLast = await searchIds(`ann ${last}`)
    const spaceAsPercent20 = await listedIds(`search=ann%20${last}`)
    const firstMiddleLast = await searchIds(`Ann Marie ${last}`)
    const firstLastMiddle = await searchIds(`Ann ${last} Marie`)

    // Assert
    expect(firstLast).toEqual([contact.id])
    expect(spaceAsPercent20).toEqual([contact.id])
    expect(firstMiddleLast).toEqual([contact.id])
    expect(firstLastMiddle).toEqual([])
  })

  test('When the text is only in how_you_met or linkedin_url, then the search does not find it', async () => {
    // Arrange
    const met = uniqueWord('Met')
    const profile = uniqueWord('profile')
    await createContact({
      how_you_met: `At ${met}`,
      linkedin_url: `https://www.linkedin.com/in/${profile}`,
    })

    // Act
    const byMet = await searchIds(met)
    const byProfile = await searchIds(profile)

    // Assert
    expect([byMet, byProfile]).toEqual([[], []])
  })

  describe('combined with include[]=deleted and pagination', () => {
    const word = uniqueWord('Combo')
    let active: Contact
    let deleted: Contact

    beforeAll(async () => {
      active = await createContact({ job_title: `Engineer ${word}` })
      deleted = await createContact({ job_title: `Designer ${word}` })
      await call('DELETE', orgPath('contacts', deleted.id))
    })

    test('When a match is soft-deleted, then the search hides it unless include[]=deleted is sent', async () => {
      // Act
      const plain = await searchIds(word)
      const withDeleted = await searchIds(word, [['include[]', 'deleted']])

      // Assert
      expect(plain).toEqual([active.id])
      expect(withDeleted.sort()).toEqual([active.id, deleted.id].sort())
    })

    test('When a search is paginated, then count is all matches and each page holds the next one', async () => {
      // Act
      const first = await fetchPage<Contact>(path, 'contacts', [
        ['search', word],
        ['include[]', 'deleted'],
        ['limit', '1'],
      ])
      const second = await fetchPage<Contact>(path, 'contacts', [
        ['search', word],
        ['include[]', 'deleted'],
        ['limit', '1'],
        ['page', '2'],
      ])

      // Assert
      expect([first.count, second.count]).toEqual([2, 2])
      expect([first.first, second.first]).toEqual([1, 2])
      const ids = [...first.items, ...second.items].map((contact) => contact.id)
      expect(ids.sort()).toEqual([active.id, deleted.id].sort())
    })
  })
})

describe('GET /api/v1/orgs/{org_id}/contacts?search=, no match', { covers: SEARCH }, () => {
  test('When nothing matches, then it answers an empty page with count 0 and first 0', async () => {
    // Act
    const page = await fetchPage<Contact>(path, 'contacts', [['search', uniqueWord('Nobody')]])

    // Assert
    expect(page.res).toMatchDocument()
    expect(page.items).toEqual([])
    expect(page.count).toBe(0)
    expect(page.first).toBe(0)
  })
})

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
        const found = await firstPageIds(pattern(word))

        // Assert
        expect(found).toEqual([])
      },
    )

    test('When the text has % and _ as the contact has them, then the search finds it', async () => {
      // Arrange
      const word = uniqueWord('Sale')
      const contact = await createContact({ employer: `${word} 50%_off` })

      // Act
      const found = await firstPageIds(`${word} 50%_off`)

      // Assert
      expect(found).toEqual([contact.id])
    })
  },
)
