// Whether a run caught a relaxed rule (caught.ts), on runs written here: a form field's rule, named
// as it is sent (`contact[first_name]`), is caught by a failure naming that place only, and an
// uncaught one says what the failures of its covering check did name.
import { describe, expect, test } from '@jest/globals'
import { loadDocument } from '../../../openapi/document-files.ts'
import { catalogueOf } from '../../suite/rules/catalogue.ts'
import { assertCaught } from './caught.ts'
import type { FaultyRun } from './run-faulty.ts'

const RULE_ID = 'field:createContact:form:contact[first_name]:maxLength'
const rule = catalogueOf(loadDocument()).find(({ id }) => id === RULE_ID)
const FILE = 'generated-requests.contract.ts'
const PATH = ['Requests generated from the schemas of the document', 'When POST … bodies']

/** A run whose one check covers the rule and failed listing `line`. */
const failedListing = (line: string): FaultyRun => ({
  exitCode: 1,
  output: '',
  failures: [
    [
      `● ${[FILE, ...PATH].join(' › ')}`,
      '',
      '    1 of 40 bodies generated for createContact were not answered as the document says (--seed 1 draws the same ones):',
      `      - ${line}`,
      '    The first one in full:',
    ].join('\n'),
  ],
  coverage: new Map([[RULE_ID, [{ file: FILE, path: PATH, outcome: 'failed' }]]]),
})

describe('Whether a run caught a relaxed form rule', () => {
  test('When the covering check fails listing a request broken in the form field the rule names, then the rule is caught', () => {
    // Arrange
    if (rule === undefined) throw new Error(`the catalogue has no ${RULE_ID}`)
    const run = failedListing(
      'form contact[first_name] breaks maxLength 100 (101 characters): expected status 422, got 201',
    )

    // Act
    const check = (): void => {
      assertCaught(rule, run)
    }

    // Assert
    expect(check).not.toThrow()
  })

  test('When the covering check fails listing only another field, then the rule is not caught and the error quotes what the failure named', () => {
    // Arrange
    if (rule === undefined) throw new Error(`the catalogue has no ${RULE_ID}`)
    const other =
      'form contact[middle_name] breaks maxLength 100 (101 characters): expected status 422, got 201'
    const run = failedListing(other)

    // Act
    const check = (): void => {
      assertCaught(rule, run)
    }

    // Assert
    expect(check).toThrow(
      `${RULE_ID} was relaxed and no check covering it failed naming it (checks covering it: 1, failed: 1, their failures: - ${other})`,
    )
  })
})
