import { describe, expect, test } from '@jest/globals'
import type { OpenAPIV3_1 } from 'openapi-types'
import {
  createDocumentAjv,
  maxLengthsOf,
  pointerTo,
  resolveRef,
  type OpenApiDocument,
} from './document.ts'
import { loadAdminDocument, loadDocument } from './document-files.ts'
import { HTTP_METHODS } from './document-model.ts'

const document = loadDocument()
type Response = OpenAPIV3_1.ResponseObject

const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  HTTP_METHODS.flatMap((method) => {
    const operation = item?.[method]
    return operation ? [{ path, method, operation, pathItem: item }] : []
  }),
)

/** Every example in a document, with the schema (as an Ajv key) it must satisfy. */
function collectExamples(
  document: OpenApiDocument,
): { where: string; schema: string; value: unknown }[] {
  const found: { where: string; schema: string; value: unknown }[] = []
  const walk = (node: unknown, at: string[]): void => {
    if (typeof node !== 'object' || node === null) return
    const record = node as Record<string, unknown>
    if ('schema' in record && typeof record['schema'] === 'object') {
      const schema = `${pointerTo(...at)}/schema`
      for (const [name, example] of Object.entries(record['examples'] ?? {})) {
        const value = resolveRef<{ value: unknown }>(document, example as { value: unknown }).value
        found.push({ where: `${at.join(' ')} examples.${name}`, schema, value })
      }
      if ('example' in record)
        found.push({ where: `${at.join(' ')} example`, schema, value: record['example'] })
    }
    if (Array.isArray(record['examples']) && at.includes('schemas')) {
      for (const value of record['examples'] as unknown[]) {
        found.push({ where: `${at.join(' ')} examples`, schema: pointerTo(...at), value })
      }
    }
    for (const [key, child] of Object.entries(record)) walk(child, [...at, key])
  }
  walk(document, [])
  return found
}

describe.each([
  ['openapi/openapi.yaml', document],
  ['openapi/admin.yaml', loadAdminDocument()],
])('the examples of %s', (_name, examined) => {
  const examinedAjv = createDocumentAjv(examined)
  test.each(collectExamples(examined).map((example) => [example.where, example] as const))(
    'When the example at %s is validated against its schema, then it is valid',
    (_where, { schema, value }) => {
      // Act
      const validate = examinedAjv.getSchema(schema)
      const valid = validate?.(value)

      // Assert
      expect(validate?.errors ?? null).toBeNull()
      expect(valid).toBe(true)
    },
  )
})

describe('openapi/openapi.yaml', () => {
  test('When the bodies are listed, then every request and response body has examples', () => {
    // Arrange
    const bodies = operations.flatMap(({ path, method, operation }) => {
      const responses = Object.entries(operation.responses).map(([status, item]) => ({
        where: `${method} ${path} ${status}`,
        content: resolveRef<Response>(document, item).content ?? {},
      }))
      const body = operation.requestBody
        ? resolveRef<OpenAPIV3_1.RequestBodyObject>(document, operation.requestBody).content
        : {}
      return [...responses, { where: `${method} ${path} request`, content: body }]
    })

    // Act
    const withoutExamples = bodies.flatMap(({ where, content }) =>
      Object.entries(content)
        .filter(([, media]) => Object.keys(media.examples ?? {}).length === 0)
        .map(([type]) => `${where} ${type}`),
    )

    // Assert
    expect(bodies.length).toBeGreaterThan(60)
    expect(withoutExamples).toEqual([])
  })

  test.each(
    operations.map((entry) => [`${entry.method.toUpperCase()} ${entry.path}`, entry] as const),
  )(
    'When %s is read, then it declares its problem+json responses',
    (_name, { path, operation, pathItem }) => {
      // Arrange
      const responses = operation.responses
      const inPath = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]
        .map((parameter) => resolveRef<OpenAPIV3_1.ParameterObject>(document, parameter))
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => parameter.name)
      const expected = ['400', '401', '500']
      if (inPath.includes('org_id')) expected.push('403')
      if (inPath.length > 1) expected.push('404')
      if (operation.requestBody) expected.push('413', '415', '422')
      if (operation.operationId?.startsWith('update')) expected.push('409')

      // Assert
      expect(operation.operationId).toMatch(/^[a-z][A-Za-z]+$/)
      expect(operation.summary).toEqual(expect.any(String))
      expect(operation.description).toEqual(expect.any(String))
      expect(Object.keys(responses)).toEqual(expect.arrayContaining(expected))
      for (const [status, item] of Object.entries(responses).filter(([s]) => s >= '400')) {
        const response = resolveRef<Response>(document, item)
        const where = `${path} ${status}`
        expect({ where, media: Object.keys(response.content ?? {}) }).toEqual({
          where,
          media: ['application/problem+json'],
        })
        expect(response.content?.['application/problem+json']?.schema).toEqual({
          $ref: '#/components/schemas/Problem',
        })
      }
    },
  )

  test('When the document is walked, then no $ref has sibling keywords', () => {
    // Arrange: express-openapi-style tools ignore siblings of $ref where Ajv 2020 applies them
    const offenders: string[] = []
    const walk = (node: unknown, at: string): void => {
      if (typeof node !== 'object' || node === null) return
      const keys = Object.keys(node)
      if (
        keys.includes('$ref') &&
        keys.some((key) => !['$ref', 'summary', 'description'].includes(key))
      ) {
        offenders.push(at)
      }
      for (const [key, child] of Object.entries(node)) walk(child, `${at}/${key}`)
    }

    // Act
    walk(document, '#')

    // Assert
    expect(offenders).toEqual([])
  })

  const requestBodies = operations.flatMap(({ path, method, operation }) =>
    operation.requestBody
      ? [
          {
            where: `${method.toUpperCase()} ${path}`,
            content: resolveRef<OpenAPIV3_1.RequestBodyObject>(document, operation.requestBody)
              .content,
          },
        ]
      : [],
  )

  test('When the request bodies are listed, then each lists application/json first', () => {
    // Arrange: generators that take a body's first media type (orval, openapi-typescript-codegen)
    // then send JSON, not a group as `contact=[object Object]`
    const firstTypes = requestBodies.map(({ where, content }) => [where, Object.keys(content)[0]])

    // Assert
    expect(requestBodies.length).toBeGreaterThan(5)
    expect(firstTypes).toEqual(requestBodies.map(({ where }) => [where, 'application/json']))
  })

  test('When the form bodies are listed, then each field is a property of its own, named as the JSON body nests it', () => {
    // Arrange: testers ignore `style: deepObject` (Schemathesis 4.25 for both forms, Specmatic
    // 2.55 for multipart) and send an object property as ONE field or part
    const schemaOf = (node: unknown): OpenAPIV3_1.SchemaObject =>
      resolveRef<OpenAPIV3_1.SchemaObject>(document, node ?? {})
    const fieldsOf = (node: unknown): string[] => {
      const schema = schemaOf(node)
      return [
        ...Object.keys(schema.properties ?? {}),
        ...(schema.allOf ?? []).flatMap((member) => fieldsOf(member)),
      ]
    }
    /** The bracketed names of the JSON body's fields: `contact[first_name]` for a field of a group. */
    const bracketedNames = (node: unknown): string[] =>
      Object.entries(schemaOf(node).properties ?? {}).flatMap(([name, property]) => {
        const fields = [...new Set(fieldsOf(property))]
        return fields.length === 0 ? [name] : fields.map((field) => `${name}[${field}]`)
      })
    const forms = requestBodies.flatMap(({ where, content }) =>
      ['application/x-www-form-urlencoded', 'multipart/form-data'].flatMap((mediaType) => {
        const media = content[mediaType]
        return media
          ? [{ where: `${where} ${mediaType}`, media, json: content['application/json'] }]
          : []
      }),
    )

    // Act
    const names = forms.map(({ where, media, json }) => [
      where,
      Object.keys(schemaOf(media.schema).properties ?? {}).sort(),
      bracketedNames(json?.schema).sort(),
    ])
    const groups = forms.flatMap(({ where, media }) =>
      Object.entries(schemaOf(media.schema).properties ?? {})
        .filter(([, property]) => fieldsOf(property).length > 0)
        .map(([name]) => `${where} ${name}`),
    )

    // Assert
    expect(forms.length).toBeGreaterThan(10)
    expect(names).toEqual(names.map(([where, , json]) => [where, json, json]))
    expect(groups).toEqual([])
    expect(forms.filter(({ media }) => media.encoding !== undefined)).toEqual([])
  })

  test('When a schema combines allOf and required, then each member that requires a field lists it', () => {
    // Arrange: some generators (@hey-api/openapi-ts) drop a `required` beside `allOf`
    const schemas = Object.entries(document.components?.schemas ?? {})

    // Act
    const besideAllOf = schemas
      .filter(([, schema]) => schema.allOf && schema.required)
      .map(([name]) => name)
    const unlisted = schemas.flatMap(([name, schema]) =>
      (schema.allOf ?? []).flatMap((member) => {
        const { required = [], properties = {} } = member as OpenAPIV3_1.SchemaObject
        return required.filter((field) => !(field in properties)).map((field) => `${name} ${field}`)
      }),
    )
    const createRequires = (document.components?.schemas?.['ContactCreate']?.allOf ?? []).flatMap(
      (member) => (member as OpenAPIV3_1.SchemaObject).required ?? [],
    )

    // Assert
    expect(besideAllOf).toEqual([])
    expect(unlisted).toEqual([])
    expect(createRequires).toEqual(['first_name', 'relationship_type'])
  })

  test('When the operationIds are listed, then they are unique and there are thirteen', () => {
    // Act
    const ids = operations.map((entry) => entry.operation.operationId)

    // Assert
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toHaveLength(13)
  })

  test('When a date-time names a day, then LocalOrOffsetDateTime takes it only if the calendar has it (decision 8)', () => {
    // Arrange: every day 1 to 31 of every month of years with and without a February 29th
    const validate = createDocumentAjv(document).getSchema(
      pointerTo('components', 'schemas', 'LocalOrOffsetDateTime'),
    )
    const years = [0, 1900, 2000, 2023, 2024, 2100, 9996]
    const days = years.flatMap((year) =>
      Array.from({ length: 12 * 31 }, (_, index) => {
        const [month, day] = [Math.floor(index / 31) + 1, (index % 31) + 1]
        const calendar = new Date(0)
        calendar.setUTCFullYear(year, month - 1, day)
        const exists = calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day
        const pad = (value: number, width: number): string => String(value).padStart(width, '0')
        return { text: `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T10:00:00+02:00`, exists }
      }),
    )

    // Act
    const wrong = days.filter(({ text, exists }) => validate?.(text) !== exists)

    // Assert
    // six days no year has (February 30 and 31, four 31sts), and February 29 of 1900, 2023, 2100
    expect(days.filter(({ exists }) => !exists)).toHaveLength(7 * 6 + 3)
    expect(wrong).toEqual([])
  })

  test('When the string limits of ContactWriteFields are read, then every free-text field has one', () => {
    // Act
    const limits = Object.fromEntries(maxLengthsOf(document, 'ContactWriteFields'))

    // Assert
    expect(limits).toEqual({
      first_name: 100,
      middle_name: 100,
      last_name: 100,
      nickname: 100,
      employer: 200,
      job_title: 200,
      linkedin_url: 2048,
      how_you_met: 2000,
    })
  })
})
