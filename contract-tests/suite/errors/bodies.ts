// Request bodies, for every operation of the document: the size limit (413), a required body that
// is missing (422), and a body sent to an operation that takes none (400, decision 4).
import { maxBodyBytesOf } from '../../../openapi/document.ts'
import { describe, expect, test } from '../support/test-api.ts'
import { call, encodeFields } from '../support/api.ts'
import { contractDocument } from '../support/document.ts'
import { contractEnv } from '../support/env.ts'
import { describeIf, testIf, WRITES } from '../support/gates.ts'
import {
  callOperation,
  documentedOperations,
  labelOf,
  pathOf,
  requiredBodyFields,
  requiresBody,
  takesBody,
  writes,
} from '../support/operations.ts'
import { probeOptions, probeSkipReason } from '../support/probes.ts'
import { decisionRule, statusRule } from '../rules/rule.ts'
import { contactForm } from '../support/records.ts'
import { expectCreateRefused, fieldsWith, testRefused } from '../support/record-checks.ts'

const OPERATIONS = documentedOperations()
const MAX_BODY_BYTES = maxBodyBytesOf(contractDocument)
/** A form just over the size limit: the size is judged before anything in it is read. */
const TOO_LARGE = { form: `padding=${'x'.repeat(MAX_BODY_BYTES)}` }

describeIf(WRITES, 'Body size (decision 19)', () => {
  for (const operation of OPERATIONS.filter(takesBody)) {
    testRefused(
      { covers: [decisionRule(19), statusRule(operation.id, 413)] },
      `When ${labelOf(operation)} is sent a body over ${String(MAX_BODY_BYTES)} bytes, then it answers 413`,
      () => callOperation(operation, { ...TOO_LARGE, withBody: false }),
      413,
    )
  }

  const exactly = [decisionRule(19), statusRule('createContact', 422)]
  test(
    `When a create's body is exactly ${String(MAX_BODY_BYTES)} bytes, then it is read: 422 on its too long field, not 413`,
    { covers: exactly },
    async () => {
      // Arrange: the form filled up to the limit by its last field, too long for it
      const exact = (word: string): string => {
        const { how_you_met: _, ...fields } = fieldsWith(word)
        const head = `${encodeFields(contactForm(fields))}&contact%5Bhow_you_met%5D=`
        return head + 'x'.repeat(MAX_BODY_BYTES - Buffer.byteLength(head))
      }

      // Act, Assert
      const form = (word: string) => ({ form: exact(word) })
      const res = await expectCreateRefused(form, 422, ['contact[how_you_met]'])
      expect(Buffer.byteLength(res.request.body ?? '')).toBe(MAX_BODY_BYTES)
    },
  )
})

describeIf(WRITES, 'Required bodies', () => {
  for (const operation of OPERATIONS.filter(requiresBody)) {
    const covers = [statusRule(operation.id, 422)]
    test(
      `When ${labelOf(operation)} comes without a body, then it answers 422 naming what the body requires`,
      { covers },
      async () => {
        // Act
        const res = await callOperation(operation, { withBody: false })

        // Assert
        expect(res).toBeProblem(422, requiredBodyFields(operation))
      },
    )
  }
})

describe('Operations that take no body (decision 4)', () => {
  for (const operation of OPERATIONS.filter((item) => !takesBody(item) && writes(item))) {
    const needs = {
      ...WRITES,
      skip: probeSkipReason(operation),
      covers: [decisionRule(4), statusRule(operation.id, 400)],
    }
    testIf(needs, `When ${labelOf(operation)} is sent a body, then it answers 400`, async () => {
      // Arrange
      const safely = await probeOptions(operation)

      // Act
      const res = await callOperation(operation, { ...safely, form: { soft_delete: 'false' } })

      // Assert
      expect(res).toBeProblem(400)
    })
  }

  testIf(
    {
      notThroughPrism: 'a GET with a body',
      // fetch refuses a GET with a body (TypeError) before anything is sent
      notThroughFetch: 'a GET with a body',
      covers: [
        decisionRule(4),
        ...OPERATIONS.filter(({ method }) => method === 'GET').map(({ id }) => statusRule(id, 400)),
      ],
    },
    'When a GET carries a body, a form or text over the size limit, then it answers 400 (no GET takes a body)',
    async () => {
      // Arrange
      const gets = OPERATIONS.filter((operation) => operation.method === 'GET')
      const bodies = [
        { form: { 'include[]': 'deleted' } },
        { raw: { contentType: 'text/plain', body: 'x'.repeat(2 * MAX_BODY_BYTES) } },
      ]

      // Act
      const answers = await Promise.all(
        gets.flatMap((operation) =>
          bodies.map((body) => call('GET', pathOf(operation, contractEnv().orgId), body)),
        ),
      )

      // Assert
      for (const res of answers) expect(res).toBeProblem(400)
    },
  )
})
