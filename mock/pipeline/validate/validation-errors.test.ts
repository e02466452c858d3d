import { describe, expect, test } from '@jest/globals'
import type { ErrorObject } from 'ajv'
import { createDocumentAjv, pointerTo } from '../../../openapi/document.ts'
import { loadDocument } from '../../../openapi/document-files.ts'
import type { FieldError } from '../../shared/problem.ts'
import { describeInvalidFields, MAX_FIELD_ERRORS } from '../../shared/problem.ts'
import { toFieldErrors } from './validation-errors.ts'

/** An Ajv error as Ajv reports it; only what toFieldErrors reads matters. */
const ajvError = (
  keyword: string,
  instancePath: string,
  params: Record<string, unknown> = {},
  message?: string,
): ErrorObject => ({ keyword, instancePath, schemaPath: '#/test', params, message })

describe('toFieldErrors', () => {
  test.each([
    [
      'a missing top-level property',
      ajvError('required', '', { missingProperty: 'contact' }),
      { field: 'contact', message: 'is required' },
    ],
    [
      'a missing nested property',
      ajvError('required', '/contact', { missingProperty: 'first_name' }),
      { field: 'contact[first_name]', message: 'is required' },
    ],
    [
      'an unknown top-level property',
      ajvError('additionalProperties', '', { additionalProperty: 'colour' }),
      { field: 'colour', message: 'is not accepted here' },
    ],
    [
      'an unknown nested property (additionalProperties)',
      ajvError('additionalProperties', '/user_relationship', { additionalProperty: 'contact_id' }),
      { field: 'user_relationship[contact_id]', message: 'is not accepted here' },
    ],
    [
      'an unknown nested property (unevaluatedProperties)',
      ajvError('unevaluatedProperties', '/contact', { unevaluatedProperty: 'nickname2' }),
      { field: 'contact[nickname2]', message: 'is not accepted here' },
    ],
    [
      'a wrong type',
      ajvError('type', '/contact/relationship_type', { type: 'integer' }, 'must be integer'),
      { field: 'contact[relationship_type]', message: 'must be a whole number' },
    ],
    [
      'an enum, with duplicate allowed values shown once',
      ajvError('enum', '/soft_delete', { allowedValues: ['true', 'false', true, false] }),
      { field: 'soft_delete', message: 'must be one of: true, false' },
    ],
    [
      'an error on the body itself',
      ajvError('type', '', { type: 'object' }, 'must be object'),
      { field: 'body', message: 'must be a group of fields' },
    ],
    [
      'JSON-pointer escapes in the path',
      ajvError('type', '/a~1b/c~0d', { type: 'string' }, 'must be string'),
      { field: 'a/b[c~d]', message: 'must be text' },
    ],
    [
      'an array item',
      ajvError('type', '/contact/tags/0', { type: 'string' }, 'must be string'),
      { field: 'contact[tags][0]', message: 'must be text' },
    ],
    [
      'an error without a message',
      ajvError('custom', '/contact/first_name'),
      { field: 'contact[first_name]', message: 'is invalid' },
    ],
  ])(
    'When Ajv reports %s, then the field is named as the client sent it',
    (_label, error, expected) => {
      // Act
      const errors = toFieldErrors([error])

      // Assert
      expect(errors).toEqual([expected])
    },
  )

  test.each([
    ['a form', 'contact[first_name]', {}],
    ['the query', 'contact', { nameOf: (segments: string[]) => segments[0] ?? 'query' }],
  ])(
    'When a group arrives as text, then the message names its first field as %s names it',
    (_label, example, options) => {
      // Arrange: what Ajv (verbose) reports for `contact=[object Object]`
      const error = {
        ...ajvError('type', '/contact', { type: 'object' }, 'must be object'),
        data: '[object Object]',
        parentSchema: { type: 'object', properties: { first_name: {}, last_name: {} } },
      }

      // Act
      const errors = toFieldErrors([error], options)

      // Assert
      expect(errors).toEqual([
        {
          field: 'contact',
          message: `must be a group of fields: send \`${example}=...\` fields or an \`application/json\` body`,
        },
      ])
    },
  )

  test.each([
    ['a number', 3, { type: 'object', properties: { first_name: {} } }],
    ['text, for a group without named fields', 'x', { type: 'object' }],
  ])('When a group arrives as %s, then the message stays the rule', (_label, data, schema) => {
    // Arrange
    const error = {
      ...ajvError('type', '/contact', { type: 'object' }, 'must be object'),
      data,
      parentSchema: schema,
    }

    // Act
    const errors = toFieldErrors([error])

    // Assert
    expect(errors).toEqual([{ field: 'contact', message: 'must be a group of fields' }])
  })

  test('When the branches of an anyOf fail, then they become one line with the messages joined, without "must be null"', () => {
    // Arrange: what Ajv reports for birthday "2023-02-30"
    const errors = [
      ajvError('format', '/contact/birthday', { format: 'date' }, 'must match format "date"'),
      {
        ...ajvError(
          'pattern',
          '/contact/birthday',
          { pattern: '^[0-9]{4}-' },
          'must match pattern',
        ),
        parentSchema: { title: 'an ISO 8601 date-time' },
      },
      ajvError('anyOf', '/contact/birthday', {}, 'must match a schema in anyOf'),
      ajvError('type', '/contact/birthday', { type: 'null' }, 'must be null'),
      ajvError('anyOf', '/contact/birthday', {}, 'must match a schema in anyOf'),
    ]

    // Act
    const fieldErrors = toFieldErrors(errors)

    // Assert
    expect(fieldErrors).toEqual([
      {
        field: 'contact[birthday]',
        message: 'must be a real date (yyyy-mm-dd) or an ISO 8601 date-time',
      },
    ])
  })

  test.each([
    [
      'text that is neither',
      [
        ajvError('enum', '/soft_delete', { allowedValues: ['true', 'false'] }),
        ajvError('type', '/soft_delete', { type: 'boolean' }, 'must be boolean'),
      ],
      'must be true or false',
    ],
    [
      'a number',
      [
        ajvError('type', '/soft_delete', { type: 'string' }, 'must be string'),
        ajvError('enum', '/soft_delete', { allowedValues: ['true', 'false'] }),
        ajvError('type', '/soft_delete', { type: 'boolean' }, 'must be boolean'),
      ],
      'must be text or true or false',
    ],
  ])(
    'When soft_delete (text enum or boolean) gets %s, then each allowed value is named once',
    (_label, errors, message) => {
      // Act
      const fieldErrors = toFieldErrors(errors)

      // Assert
      expect(fieldErrors).toEqual([{ field: 'soft_delete', message }])
    },
  )

  test('When "must be null" is the only message of a field, then it is kept', () => {
    // Act
    const errors = toFieldErrors([ajvError('type', '/x', { type: 'null' }, 'must be null')])

    // Assert
    expect(errors).toEqual([{ field: 'x', message: 'must be null' }])
  })

  test('When one field has the same message twice and others follow, then each field is one item, in order', () => {
    // Arrange
    const errors = [
      ajvError(
        'minLength',
        '/contact/first_name',
        { limit: 1 },
        'must NOT have fewer than 1 characters',
      ),
      ajvError('required', '/contact', { missingProperty: 'relationship_type' }),
      ajvError(
        'minLength',
        '/contact/first_name',
        { limit: 1 },
        'must NOT have fewer than 1 characters',
      ),
      ajvError('pattern', '/contact/first_name', { pattern: '\\S' }, 'must match pattern "\\S"'),
    ]

    // Act
    const fieldErrors = toFieldErrors(errors)

    // Assert
    expect(fieldErrors).toEqual([
      {
        field: 'contact[first_name]',
        message: 'must not be empty',
      },
      { field: 'contact[relationship_type]', message: 'is required' },
    ])
  })

  test('When no error is given, then there is no field error', () => {
    // Act + Assert
    expect(toFieldErrors([])).toEqual([])
  })

  test('When query naming is used, then the parameter is named by its first segment with the given text', () => {
    // Arrange: how compile-operations names query parameters
    const options = {
      nameOf: (segments: string[]) => segments[0] ?? 'query',
      unknown: 'is not a query parameter of this operation',
    }
    const errors = [
      ajvError('enum', '/include[]/0', { allowedValues: ['deleted'] }),
      ajvError('additionalProperties', '', { additionalProperty: 'limt' }),
      ajvError('minimum', '/page', { comparison: '>=', limit: 1 }, 'must be >= 1'),
    ]

    // Act
    const fieldErrors = toFieldErrors(errors, options)

    // Assert
    expect(fieldErrors).toEqual([
      { field: 'include[]', message: 'must be one of: deleted' },
      { field: 'limt', message: 'is not a query parameter of this operation' },
      { field: 'page', message: 'must be a number of at least 1' },
    ])
  })

  test("When the document's create-contact schema rejects a JSON body, then every bad field is named once", () => {
    // Arrange
    const ajv = createDocumentAjv(loadDocument(), { verbose: true })
    const pointer = pointerTo(
      'paths',
      '/api/v1/orgs/{org_id}/contacts',
      'post',
      'requestBody',
      'content',
      'application/json',
      'schema',
    )
    const validate = ajv.getSchema(pointer)
    if (!validate) throw new Error(`no schema at ${pointer}`)

    // Act
    const valid = validate({
      contact: { relationship_type: '3', birthday: '2023-02-30', gender: 'robot', nickname2: 'x' },
      colour: 'blue',
    })
    const fieldErrors = toFieldErrors(validate.errors ?? [])

    // Assert
    expect(valid).toBe(false)
    expect(new Map(fieldErrors.map((e) => [e.field, e.message]))).toEqual(
      new Map([
        ['colour', 'is not accepted here'],
        ['contact[first_name]', 'is required'],
        ['contact[relationship_type]', 'must be a whole number from 0 to 5'],
        ['contact[birthday]', 'must be a real date (yyyy-mm-dd) or an ISO 8601 date-time'],
        ['contact[gender]', 'must be one of: male, female, transgender, non-binary, other'],
        ['contact[nickname2]', 'is not accepted here'],
      ]),
    )
  })
})

describe('sentences from the schema', () => {
  const validatorAt = (method: 'post' | 'patch', path: string) => {
    const ajv = createDocumentAjv(loadDocument(), { verbose: true })
    const pointer = pointerTo(
      'paths',
      path,
      method,
      'requestBody',
      'content',
      'application/json',
      'schema',
    )
    const validate = ajv.getSchema(pointer)
    if (!validate) throw new Error(`no schema at ${pointer}`)
    return validate
  }
  const messagesOf = (method: 'post' | 'patch', path: string, body: unknown) => {
    const validate = validatorAt(method, path)
    // the document's schemas are synchronous: the answer is a boolean
    validate(body) as boolean
    return Object.fromEntries(toFieldErrors(validate.errors ?? []).map((e) => [e.field, e.message]))
  }

  test.each([
    [
      'a relationship type of 9',
      { relationship_type: 9 },
      'contact[relationship_type]',
      'must be a whole number from 0 to 5',
    ],
    [
      'a relationship type of "3" in JSON',
      { relationship_type: '3' },
      'contact[relationship_type]',
      'must be a whole number from 0 to 5',
    ],
    [
      'a first name of 101 characters',
      { first_name: 'a'.repeat(101) },
      'contact[first_name]',
      'must be at most 100 characters long',
    ],
    ['an empty first name', { first_name: '' }, 'contact[first_name]', 'must not be empty'],
    ['a first name of spaces', { first_name: '   ' }, 'contact[first_name]', 'must not be blank'],
    [
      'an unknown gender',
      { gender: 'robot' },
      'contact[gender]',
      'must be one of: male, female, transgender, non-binary, other',
    ],
    ['a nickname that is a number', { nickname: 7 }, 'contact[nickname]', 'must be text or null'],
  ])(
    'When a contact has %s, then its message is a sentence from its schema',
    (_label, contact, field, message) => {
      // Act
      const messages = messagesOf('post', '/api/v1/orgs/{org_id}/contacts', { contact })

      // Assert
      expect(messages[field]).toBe(message)
    },
  )

  test('When a contact update has no field, then the contact "must have at least one field"', () => {
    // Act
    const messages = messagesOf('patch', '/api/v1/orgs/{org_id}/contacts/{contact_id}', {
      contact: {},
    })

    // Assert
    expect(messages).toEqual({ contact: 'must have at least one field' })
  })
})

describe('describeInvalidFields', () => {
  const fieldErrors = (count: number): FieldError[] =>
    Array.from({ length: count }, (_, index) => ({
      field: `f${String(index)}`,
      message: 'is not accepted here',
    }))

  test.each([
    [1, 1, '1 field is invalid; nothing was changed.'],
    [MAX_FIELD_ERRORS, 50, '50 fields are invalid; nothing was changed.'],
    [
      MAX_FIELD_ERRORS + 1,
      50,
      '51 fields are invalid (the first 50 are listed); nothing was changed.',
    ],
    [2345, 50, '2345 fields are invalid (the first 50 are listed); nothing was changed.'],
  ])(
    'When %i fields are invalid, then %i are listed, the first ones, and the detail counts them all',
    (count, listed, detail) => {
      // Act
      const described = describeInvalidFields(fieldErrors(count))

      // Assert
      expect(described.detail).toBe(detail)
      expect(described.errors).toEqual(fieldErrors(listed))
    },
  )
})
