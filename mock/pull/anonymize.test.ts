import { describe, expect, test } from '@jest/globals'
import { createAnonymizer } from './anonymize.ts'

const ANN = {
  id: '5b0e6a36-3c4a-4d6b-9a0e-2f1c8d7e9a41',
  org_id: '11111111-1111-4111-8111-111111111111',
  first_name: 'Ann',
  middle_name: null,
  last_name: 'Smith-Jones',
  relationship_type: 3,
  nickname: 'annie' as string | null,
  employer: 'Smith & Sons' as string | null,
  job_title: 'CEO',
  linkedin_url: 'https://www.linkedin.com/in/ann-smith-77',
  how_you_met: 'Introduced by Ann at 12 Main St.' as string | null,
  birthday: '1990-05-17',
  gender: 'female',
  created_at: '2024-03-01T09:15:00.000Z',
  updated_at: '2024-03-02T09:15:00.000Z',
  deleted_at: null,
  groups: {
    tags: [{ id: 'a0000000-0000-4000-8000-000000000001', name: 'Family' }],
    pets: [{ id: 'a0000000-0000-4000-8000-000000000002', name: 'Rex', species: 'dog' }],
    phone_numbers: [
      { id: 'a0000000-0000-4000-8000-000000000003', phone_number: '+1 (555) 010-4477 ext. 12' },
    ],
    email_addresses: [{ id: 'a0000000-0000-4000-8000-000000000004', email: 'ann.smith@acme.com' }],
    locations: [],
    expertise_tags: [],
  },
}
const BOB = {
  ...ANN,
  id: '5b0e6a36-3c4a-4d6b-9a0e-2f1c8d7e9a42',
  first_name: 'Bob',
  last_name: 'SMITH',
  nickname: null,
  deleted_at: '2024-04-01T00:00:00.000Z',
}

const anonymize = (key: string, records = [ANN, BOB]) =>
  createAnonymizer(key, records).anonymize(records)

describe('createAnonymizer', () => {
  test('When the same records are anonymized twice with one key, then the fakes are the same; with another key they differ', () => {
    // Act
    const [first, again, other] = [anonymize('k1'), anonymize('k1'), anonymize('k2')]

    // Assert
    expect(again).toEqual(first)
    expect(other[0]?.first_name).not.toBe(first[0]?.first_name)
  })

  test('When a record is anonymized, then its ids, types, dates, enums, deletion state and shape stay, and no text does', () => {
    // Act
    const [ann, bob] = anonymize('k1')

    // Assert
    const kept = ['id', 'org_id', 'relationship_type', 'birthday', 'gender', 'created_at']
    for (const field of kept)
      expect(ann?.[field as keyof typeof ANN]).toEqual(ANN[field as keyof typeof ANN])
    expect(ann?.middle_name).toBeNull()
    expect(bob?.deleted_at).toBe(BOB.deleted_at)
    expect(ann?.groups.tags[0]?.id).toBe(ANN.groups.tags[0]?.id)
    expect(Object.keys(ann ?? {})).toEqual(Object.keys(ANN))
    const text = JSON.stringify([ann, bob])
    for (const word of [
      'Ann',
      'Smith',
      'SMITH',
      'Jones',
      'annie',
      'Bob',
      'Rex',
      'Main',
      'acme',
      'CEO',
      'Family',
    ])
      expect(text).not.toContain(word)
    expect(text).not.toContain('555')
  })

  test('When a word is in several fields and records, then it is the same fake word everywhere, in the case it had, of its length', () => {
    // Act
    const [ann, bob] = anonymize('k1')
    const fake = (ann?.last_name ?? '').split('-')[0] ?? ''

    // Assert: Smith in a last name, an employer, an email, a LinkedIn URL, another record's SMITH
    expect(fake).toMatch(/^[A-Z][a-z]{4}$/)
    expect(ann?.employer).toMatch(new RegExp(`^${fake} & [A-Z][a-z]{3}$`))
    expect(bob?.last_name).toBe(fake.toUpperCase())
    expect(ann?.groups.email_addresses[0]?.email).toContain(`.${fake.toLowerCase()}@`)
    expect(ann?.linkedin_url).toMatch(
      new RegExp(`^https://www\\.linkedin\\.com/in/[a-z]{3}-${fake.toLowerCase()}-\\d\\d$`),
    )
    expect(ann?.how_you_met).toMatch(
      new RegExp(
        `^[A-Z][a-z]{9} [a-z]{2} ${ann?.first_name ?? '?'} [a-z]{2} \\d\\d [A-Z][a-z]{3} [A-Z][a-z]\\.$`,
      ),
    )
  })

  test('When a phone number or an email is anonymized, then it keeps its form: digits and punctuation, an address at .example', () => {
    // Act
    const [ann] = anonymize('k1')

    // Assert
    expect(ann?.groups.phone_numbers[0]?.phone_number).toMatch(
      /^\+\d \(\d{3}\) \d{3}-\d{4} ext\. \d\d$/,
    )
    expect(ann?.groups.email_addresses[0]?.email).toMatch(/^[a-z]{3}\.[a-z]{5}@[a-z]{4}\.example$/)
  })

  test('When a fake word would be a word of the source, then another is drawn', () => {
    // Arrange: the source holds the fake `Smith` would have had without it
    const [alone] = anonymize('k1', [{ ...ANN, how_you_met: null, employer: null }])
    const fakeOfAnn = alone?.first_name ?? ''
    const withIt = { ...ANN, how_you_met: null, employer: fakeOfAnn }

    // Act
    const [ann] = anonymize('k1', [withIt])

    // Assert
    expect(ann?.first_name).not.toBe(fakeOfAnn)
    expect(ann?.first_name).toMatch(/^[A-Z][a-z]{2}$/)
  })
})
