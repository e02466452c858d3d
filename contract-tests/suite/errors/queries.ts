// Unknown query parameters (decision 3), on every operation of the document: a 400 naming the
// parameter, before the body or the record is looked at, so nothing is ever changed.
import { describe, expect } from '../support/test-api.ts'
import { testIf } from '../support/gates.ts'
import { callOperation, documentedOperations, labelOf, writes } from '../support/operations.ts'
import { probeOptions, probeSkipReason } from '../support/probes.ts'
import { uniqueWord } from '../support/records.ts'
import { decisionRule, statusRule, unknownQueryRule } from '../rules/rule.ts'

describe('Unknown query parameters', () => {
  for (const operation of documentedOperations()) {
    testIf(
      {
        writes: writes(operation),
        skip: probeSkipReason(operation),
        covers: [decisionRule(3), unknownQueryRule(operation.id), statusRule(operation.id, 400)],
      },
      `When ${labelOf(operation)} has an unknown query parameter, then it answers 400 naming it`,
      async () => {
        // Arrange
        const name = uniqueWord('unknown_')
        const safely = await probeOptions(operation)

        // Act
        const res = await callOperation(operation, { ...safely, query: [[name, '1']] })

        // Assert
        expect(res).toBeProblem(400, [name])
      },
    )
  }
})
