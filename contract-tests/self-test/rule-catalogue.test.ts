// The catalogue of the document's rules (suite/rules/): what it lists of the bundled document, and
// that it follows a changed document (a new decision, field or status, a reordered decision 2).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import type { OpenApiDocument } from '../../openapi/document.ts'
import { loadDocument, readDocumentFile } from '../../openapi/document-files.ts'
import { catalogueOf } from '../suite/rules/catalogue.ts'
import { RULE_KINDS, type Rule } from '../suite/rules/rule.ts'
import { writeDocumentCopies } from './changed-document.ts'
import { bodyCases, bodyEncodingsOf } from '../suite/generated-requests/body-cases.ts'
import { rulesOf } from '../suite/generated-requests/case-rules.ts'
import { queryCases, queryParametersOf } from '../suite/generated-requests/query-cases.ts'
import { documentedOperations } from '../suite/support/operations.ts'

const countsOf = (rules: readonly Rule[]): Record<string, number> =>
  Object.fromEntries(
    RULE_KINDS.map((kind) => [kind, rules.filter((rule) => rule.kind === kind).length]),
  )

const idsOf = (rules: readonly Rule[]): string[] => rules.map(({ id }) => id)

const titleOf = (rules: readonly Rule[], id: string): string | undefined =>
  rules.find((rule) => rule.id === id)?.title

/** A copy of the bundled document, changed by `change`. */
function changed(change: (document: OpenApiDocument) => void): OpenApiDocument {
  const document = structuredClone(loadDocument())
  change(document)
  return document
}

const rules = catalogueOf(loadDocument())

describe('The catalogue of the rules of the document', () => {
  test('When the bundled document is read, then it lists its rules of each kind, each id once', () => {
    // Assert
    expect(countsOf(rules)).toEqual({
      decision: 27,
      status: 123,
      order: 73,
      field: 249,
      query: 33,
      header: 42,
    })
    expect(new Set(idsOf(rules)).size).toBe(rules.length)
  })

  test('When a rule is listed, then its id and its one-line title say what a reader of the document finds', () => {
    // Assert
    expect(rules).toEqual(
      expect.arrayContaining([
        {
          id: 'decision:10',
          kind: 'decision',
          decision: 10,
          title: 'Decision 10: Search',
          provenance: 'decision 10',
        },
        expect.objectContaining({ id: 'status:updateContact:409', operationId: 'updateContact' }),
        expect.objectContaining({ id: 'status:*:405', status: 405 }),
        expect.objectContaining({ id: 'header:*:405:Allow', header: 'Allow' }),
        expect.objectContaining({ id: 'header:getContact:401:WWW-Authenticate' }),
        expect.objectContaining({ id: 'header:createContact:201:Location' }),
        expect.objectContaining({ id: 'order:updateContact:existence-before-state' }),
        expect.objectContaining({ id: 'order:login:route-before-size' }),
        {
          id: 'field:createContact:multipart:contact[first_name]:maxLength',
          kind: 'field',
          operationId: 'createContact',
          media: 'multipart',
          field: 'contact[first_name]',
          keyword: 'maxLength',
          title: 'createContact, multipart body: contact[first_name] has at most 100 characters',
          provenance: 'decision 7',
        },
        expect.objectContaining({ id: 'field:updateContact:json:contact:minProperties' }),
        expect.objectContaining({ id: 'field:login:json:$:additionalProperties' }),
        expect.objectContaining({ id: 'query:listContacts:limit:maximum' }),
        expect.objectContaining({ id: 'query:login:unknown' }),
      ]),
    )
  })

  test('When a rule cannot be broken in text (a string field in a form, null), then it is listed for JSON only', () => {
    // Assert
    const ids = idsOf(rules)
    expect(ids).toContain('field:createContact:json:contact.first_name:type')
    expect(ids).not.toContain('field:createContact:form:contact[first_name]:type')
    expect(ids).toContain('field:createContact:form:contact[relationship_type]:type')
    expect(ids).toContain('field:createContact:json:contact.gender:nullable')
    expect(ids).not.toContain('field:createContact:form:contact[gender]:nullable')
    expect(ids).not.toContain('query:listContacts:include[]:type')
  })

  test('When decision 2 lists its stages, then the order rules of an operation are its adjacent stages', () => {
    // Assert
    const order = rules.filter(
      (rule) => rule.kind === 'order' && rule.operationId === 'updateContact',
    )
    expect(idsOf(order)).toEqual([
      'order:updateContact:route-before-auth',
      'order:updateContact:auth-before-membership',
      'order:updateContact:membership-before-size',
      'order:updateContact:size-before-path-id',
      'order:updateContact:path-id-before-query',
      'order:updateContact:query-before-media',
      'order:updateContact:media-before-syntax',
      'order:updateContact:syntax-before-fields',
      'order:updateContact:fields-before-existence',
      'order:updateContact:existence-before-state',
    ])
  })
})

describe('The rules the generated requests cover', () => {
  test('When requests are generated from the document, then each rule they break is a rule of the catalogue, in every body media type', () => {
    // Arrange
    const known = new Set(idsOf(rules))

    // Act
    const generated = documentedOperations().flatMap((operation) =>
      rulesOf([
        ...bodyEncodingsOf(operation).flatMap((encoding) =>
          bodyCases(operation, encoding, 1, new Map()),
        ),
        ...(queryParametersOf(operation).length > 0 ? queryCases(operation, 1) : []),
      ]),
    )

    // Assert
    expect(generated.filter((id) => !known.has(id))).toEqual([])
    expect(new Set(generated.map((id) => id.split(':')[2]))).toEqual(
      new Set([
        'json',
        'form',
        'multipart',
        'include[]',
        'page',
        'limit',
        'search',
        'soft_delete',
        'unknown',
      ]),
    )
  })
})

describe('The catalogue of a changed document', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rule-catalogue-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  test('When the --document self-test copy lowers a limit, then the rule says the new limit', async () => {
    // Arrange
    const copies = await writeDocumentCopies(dir)
    const id = 'field:createContact:json:contact.first_name:maxLength'

    // Act
    const before = catalogueOf(readDocumentFile(copies.unchanged))
    const after = catalogueOf(readDocumentFile(copies.changed))

    // Assert
    expect(titleOf(before, id)).toMatch(/at most 100 characters$/)
    expect(titleOf(after, id)).toMatch(/at most 20 characters$/)
  })

  test('When a decision, a field and a status are added, then each is a new rule', () => {
    // Arrange
    const document = changed((copy) => {
      copy.info.description = `${copy.info.description ?? ''}28. **Nicknames** are unique.\n`
      const fields = copy.components?.schemas?.['ContactWriteFields']
      Object.assign(fields?.properties ?? {}, { pronouns: { type: 'string', maxLength: 30 } })
      // a form body lists its fields as sent: the field is added to both forms' schemas too
      for (const form of ['ContactCreateFormFields', 'ContactUpdateFormFields']) {
        const schema = copy.components?.schemas?.[form]
        Object.assign(schema?.properties ?? {}, {
          'contact[pronouns]': {
            $ref: '#/components/schemas/ContactWriteFields/properties/pronouns',
          },
        })
      }
      const responses = copy.paths?.['/api/v1/relationships']?.get?.responses
      Object.assign(responses ?? {}, { '406': { description: 'Not acceptable.' } })
    })

    // Act
    const added = idsOf(catalogueOf(document)).filter((id) => !idsOf(rules).includes(id))

    // Assert
    expect(added).toEqual(
      expect.arrayContaining([
        'decision:28',
        'status:listRelationshipTypes:406',
        'field:createContact:json:contact.pronouns:maxLength',
        'field:updateContact:form:contact[pronouns]:maxLength',
        'field:createContact:multipart:contact[pronouns]:maxLength',
      ]),
    )
    // Per operation: JSON type, nullable and maxLength; form and multipart maxLength.
    expect(added).toHaveLength(1 + 1 + 2 * (3 + 1 + 1))
  })

  test('When decision 2 names 403 before 401, then the order rules follow it', () => {
    // Arrange
    const document = changed((copy) => {
      copy.info.description = (copy.info.description ?? '').replace(
        'then 401, then 403',
        'then 403, then 401',
      )
    })

    // Act
    const ids = idsOf(catalogueOf(document))

    // Assert
    expect(ids).toContain('order:getContact:route-before-membership')
    expect(ids).toContain('order:getContact:membership-before-auth')
    expect(ids).not.toContain('order:getContact:auth-before-membership')
  })

  test('When an operation no longer takes multipart, then its multipart rules are gone', () => {
    // Arrange
    const document = changed((copy) => {
      const content = copy.paths?.['/api/v1/login']?.post?.requestBody
      if (content !== undefined && 'content' in content)
        delete content.content['multipart/form-data']
    })

    // Act
    const ids = idsOf(catalogueOf(document))

    // Assert
    expect(ids.filter((id) => id.startsWith('field:login:multipart:'))).toEqual([])
    expect(ids.filter((id) => id.startsWith('field:login:form:')).length).toBeGreaterThan(0)
  })
})
