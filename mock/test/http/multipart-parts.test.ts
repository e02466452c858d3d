// A multipart body as testers build it from the document (Schemathesis 4.25, Specmatic 2.55): one
// text part per property of the operation's multipart schema, named as the property is. The
// document names its parts as the urlencoded form names its fields, so what they send is read.
import { describe, expect, test } from '@jest/globals'
import type { OpenAPIV3_1 } from 'openapi-types'
import { resolveRef } from '../../../openapi/document.ts'
import { loadDocument } from '../../../openapi/document-files.ts'
import {
  bodyOf,
  expectProblem,
  multipartParts as parts,
  paths,
  useTestApp,
  withBody,
} from '../../../test-support/http.ts'

const http = useTestApp()
const document = loadDocument()
/** The first multipart example of an operation of the document, as its parts. */
function multipartExample(operationId: string): Record<string, unknown> {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item ?? {}) as OpenAPIV3_1.OperationObject[]) {
      if (operation.operationId !== operationId || !operation.requestBody) continue
      const body = resolveRef<OpenAPIV3_1.RequestBodyObject>(document, operation.requestBody)
      const [example] = Object.values(body.content['multipart/form-data']?.examples ?? {})
      const value: unknown =
        example && resolveRef<OpenAPIV3_1.ExampleObject>(document, example).value
      if (typeof value === 'object' && value !== null) return value as Record<string, unknown>
    }
  }
  throw new Error(`${operationId} has no multipart example`)
}

interface Contact {
  id: string
  birthday: string | null
  gender: string | null
}

describe('multipart bodies as the document lists their parts', () => {
  test('When the login example is sent one part per property, then it logs in', async () => {
    // Act
    const res = await withBody(http.anon.post('/api/v1/login'), parts(multipartExample('login')))

    // Assert
    expect(res.status).toBe(200)
  })

  test('When the createContact example is sent one part per property, then the contact is created with its typed values', async () => {
    // Act
    const res = await withBody(
      http.post(paths.contacts()),
      parts(multipartExample('createContact')),
    )

    // Assert
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ first_name: 'Maria', relationship_type: 3, gender: 'female' })
  })

  test('When the updateContact example is sent one part per property, then the contact is updated', async () => {
    // Arrange
    const { id } = await http.createContact()

    // Act
    const res = await withBody(
      http.patch(paths.contact(id)),
      parts(multipartExample('updateContact')),
    )

    // Assert
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ employer: 'Nordwind Logistik AG' })
  })

  test('When the user relationship examples are sent one part per property (with ids of the data), then it is created, then updated', async () => {
    // Arrange
    const contact = await http.createContact()
    const create = {
      ...multipartExample('createUserRelationship'),
      'user_relationship[contact_id]': contact.id,
    }

    // Act
    const created = await withBody(http.post(paths.userRelationships()), parts(create))
    const { id } = bodyOf<{ id: string }>(created)
    const updated = await withBody(
      http.patch(paths.userRelationship(id)),
      parts(multipartExample('updateUserRelationship')),
    )

    // Assert
    expect(created.status).toBe(201)
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ anniversary_date: '2016-06-20' })
  })

  test('When empty birthday and gender parts are sent, then both are cleared (null), as an empty form field clears them', async () => {
    // Arrange
    const { id } = await http.createContact({ birthday: '1990-01-02', gender: 'female' })

    // Act
    const res = await withBody(
      http.patch(paths.contact(id)),
      parts({ 'contact[birthday]': '', 'contact[gender]': '' }),
    )

    // Assert
    expect(res.status).toBe(200)
    expect(bodyOf<Contact>(res)).toMatchObject({ birthday: null, gender: null })
  })

  test('When a part is sent twice, then it is a 422 for that part', async () => {
    // Act
    const twice = await withBody(
      http.post(paths.contacts()),
      parts([
        ['contact[first_name]', 'Ann'],
        ['contact[relationship_type]', 3],
        ['contact[first_name]', 'Bea'],
      ]),
    )

    // Assert
    expectProblem(twice, 422, ['contact[first_name]'])
  })
})
