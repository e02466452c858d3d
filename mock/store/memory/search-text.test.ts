import { describe, expect, test } from '@jest/globals'
import { createSeed } from '../../../fixtures/seed.ts'
import type { StoredContact } from '../../shared/data.ts'
import { searchFieldsOf } from '../../../openapi/document.ts'
import { loadDocument } from '../../../openapi/document-files.ts'
import { createOrderedIndex } from './ordered-index.ts'
import { createSearchText, normalizeSearch } from './search-text.ts'

const [template] = createSeed({ acmeContacts: 1, globexContacts: 0 }).contacts
const contact = (id: string, fields: Partial<StoredContact>): StoredContact => {
  if (!template) throw new Error('the seed has no contact')
  const blank = {
    middle_name: null,
    last_name: null,
    nickname: null,
    employer: null,
    job_title: null,
  }
  return { ...template, ...blank, id, ...fields }
}

// created one second apart, in this order: the list order
const ROWS = [
  contact('ann', { first_name: 'Ann', last_name: 'Lee', employer: 'Annex Ltd' }),
  contact('zoe', { first_name: 'Zoë', last_name: 'Ångström', job_title: 'Data Engineer' }),
  contact('bob', { first_name: 'Bob', middle_name: 'Ray', last_name: 'Lee', nickname: 'Bobby' }),
  contact('kim', { first_name: 'Kim', employer: 'Data & Co' }),
]

describe('createSearchText', () => {
  test.each([
    ['ANN', ['ann']],
    ['lee', ['ann', 'bob']],
    ['ann lee', ['ann']],
    ['bob ray lee', ['bob']],
    ['bob lee', ['bob']],
    ['zoe\u0308', ['zoe']],
    ['ÅNGSTRÖM', ['zoe']],
    ['data', ['zoe', 'kim']],
    ['bobby', ['bob']],
    ['nobody', []],
  ])('When the text is %j, then it finds %j in list order', (text, ids) => {
    // Arrange
    const index = createOrderedIndex(createSearchText(searchFieldsOf(loadDocument())))
    for (const [second, row] of ROWS.entries()) {
      index.put({ ...row, created_at: `2030-01-01T00:00:0${String(second)}.000Z` }, undefined)
    }

    // Act
    const found = index.search(normalizeSearch(text), false)

    // Assert
    expect(found.map((row) => row.id)).toEqual(ids)
  })
})

describe('normalizeSearch', () => {
  test('When any code point or a final sigma is lower-cased, then it agrees with the root locale', () => {
    // Arrange
    const texts = ['ΟΔΟΣ ΣΑΣ', 'İstanbul', 'ǅemal']
    for (let code = 0; code < 0x110000; code++) {
      if (code < 0xd800 || code > 0xdfff) texts.push(String.fromCodePoint(code))
    }

    // Act
    const differing = texts.filter(
      (text) => normalizeSearch(text) !== text.normalize('NFC').toLocaleLowerCase('und'),
    )

    // Assert
    expect(differing).toEqual([])
  })
})
