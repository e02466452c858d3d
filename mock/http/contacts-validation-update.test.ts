// Contact update validation (422): a rejected PATCH changes nothing, not even its valid fields.
import { afterEach, beforeAll, describe, test } from '@jest/globals'
import { contactJson, expectProblem, paths, useTestApp, withBody } from './support.ts'
import type { Contact, Payload } from './support.ts'

const http = useTestApp()

const FIRST = 'contact[first_name]'
const TYPE = 'contact[relationship_type]'

describe('Update validation (a rejected update changes nothing)', () => {
  let original: Contact
  beforeAll(async () => {
    original = await http.createContact({
      first_name: 'Original',
      last_name: 'Person',
      relationship_type: 2,
      gender: 'female',
      birthday: '1980-01-01',
    })
  })
  afterEach(async () => {
    await http.expectStored(paths.contact(original.id), original)
  })

  test.each<[label: string, field: string, payload: Payload]>([
    ['first_name emptied (form)', FIRST, { form: 'contact[first_name]=' }],
    ['first_name blank (form)', FIRST, { form: 'contact[first_name]=%20' }],
    ['relationship_type cleared (form)', TYPE, { form: 'contact[relationship_type]=' }],
    ['relationship_type out of range (form)', TYPE, { form: 'contact[relationship_type]=6' }],
    ['a bad gender (form)', 'contact[gender]', { form: 'contact[gender]=robot' }],
    [
      'an impossible birthday (form)',
      'contact[birthday]',
      { form: 'contact[birthday]=2023-02-30' },
    ],
    ['an unknown field (form)', 'contact[nickname2]', { form: 'contact[nickname2]=x' }],
    [
      'a repeated field (form)',
      'contact[last_name]',
      { form: 'contact[last_name]=A&contact[last_name]=B' },
    ],
    [
      'one invalid field among valid ones (form): none of them is applied',
      'contact[gender]',
      { form: 'contact[first_name]=Changed&contact[last_name]=Changed&contact[gender]=x' },
    ],
    ['first_name null (JSON)', FIRST, contactJson({ first_name: null })],
    ['relationship_type null (JSON)', TYPE, contactJson({ relationship_type: null })],
    ['relationship_type "3" (JSON)', TYPE, contactJson({ relationship_type: '3' })],
    ['a number as nickname (JSON)', 'contact[nickname]', contactJson({ nickname: 7 })],
    ['an empty contact (JSON)', 'contact', contactJson({})],
    ['no contact (JSON)', 'contact', { json: {} }],
  ])('When an update has %s, then it is 422 naming %s', async (_l, field, payload) => {
    // Act
    const res = await withBody(http.patch(paths.contact(original.id)), payload)

    // Assert
    expectProblem(res, 422, [field])
  })
})
