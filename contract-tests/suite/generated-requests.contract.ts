// Requests generated from the document's schemas (what Schemathesis does, with the domain on top):
// for each operation, a request drawn valid from its schemas must be accepted (2xx), and the same
// request broken in one field must be refused naming that field, for each rule of each field.
// Seeded by --seed; the operations, fields and rules are read from the document of the run.
import { describe, expect } from './support/test-api.ts'
import { contractEnv } from './support/env.ts'
import { testIf, type Needs } from './support/gates.ts'
import {
  documentedOperations,
  labelOf,
  methodOf,
  requiresBody,
  requiresToken,
  writes,
  type Operation,
} from './support/operations.ts'
import type { RequestOptions } from './support/api.ts'
import {
  bodyCases,
  bodyEncodingsOf,
  bodyFieldNames,
  ENCODING_LABEL,
} from './generated-requests/body-cases.ts'
import {
  needsSubject,
  pinnedValues,
  pinnedVariables,
  subjectPath,
} from './generated-requests/domain.ts'
import { queryCases, queryParametersOf } from './generated-requests/query-cases.ts'
import type { RequestCase } from './generated-requests/request-case.ts'
import { formatFailures, runCases } from './generated-requests/run-cases.ts'
import { assertStillCovers, coversOf } from './generated-requests/case-rules.ts'

const SEED = contractEnv().seed ?? Math.floor(Math.random() * 2 ** 31)
/** Dozens of requests per check, four at a time: more than one check's usual time. */
const TIMEOUT_MS = 120_000

const needsOf = (
  operation: Operation,
  covers: readonly string[],
  variables: Needs['variables'] = [],
): Needs => ({
  // A record of its own for each request is a write even for a GET.
  writes: writes(operation) || needsSubject(operation),
  variables,
  timeoutMs: TIMEOUT_MS,
  covers,
})

/** The requests drawn without the pinned values, which need records: what the check covers. */
const UNPINNED = new Map<string, string>()

/** Sends the cases to the operation, each valid one to a record of its own; the failures, if any. */
async function sendCases(
  operation: Operation,
  what: string,
  cases: RequestCase[],
): Promise<string | undefined> {
  const options: RequestOptions = requiresToken(operation) ? {} : { token: null }
  const freshPath = () => subjectPath(operation)
  const target = { method: methodOf(operation), path: await freshPath(), freshPath, options }
  return formatFailures(what, SEED, await runCases(target, cases))
}

/** `JSON, form and multipart` */
const listed = (names: readonly string[]): string =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`

describe('Requests generated from the schemas of the document', () => {
  for (const operation of documentedOperations()) {
    const encodings = bodyEncodingsOf(operation)
    const fields = bodyFieldNames(operation)
    if (encodings.length > 0) {
      const media = listed(encodings.map((encoding) => ENCODING_LABEL[encoding]))
      const covers = coversOf(
        operation,
        encodings.flatMap((encoding) => bodyCases(operation, encoding, SEED, UNPINNED)),
        422,
      )
      testIf(
        needsOf(operation, covers, pinnedVariables(fields)),
        `When ${labelOf(operation)} gets ${media} bodies drawn from its schema, one valid and the others broken in one field each, then the valid ones are 2xx and each broken one is a 422 naming its field`,
        async () => {
          // Arrange
          const pins = await pinnedValues(fields)
          const cases = encodings.flatMap((encoding) => bodyCases(operation, encoding, SEED, pins))
          assertStillCovers(covers, cases)

          // Act
          const failures = await sendCases(operation, `bodies generated for ${operation.id}`, cases)

          // Assert
          if (failures !== undefined) throw new Error(failures)
          expect(failures).toBeUndefined()
        },
      )
    }
    // A query string goes with a valid body when the operation requires one.
    const bodyEncoding = requiresBody(operation) ? encodings[0] : undefined
    if (queryParametersOf(operation).length > 0) {
      const covers = coversOf(operation, queryCases(operation, SEED), 400)
      testIf(
        needsOf(operation, covers, bodyEncoding === undefined ? [] : pinnedVariables(fields)),
        `When ${labelOf(operation)} gets query strings drawn from its parameters' schemas, one valid and the others broken in one parameter each, then the valid one is 2xx and each broken one is a 400 naming its parameter`,
        async () => {
          // Arrange
          const [body] =
            bodyEncoding === undefined
              ? []
              : bodyCases(operation, bodyEncoding, SEED, await pinnedValues(fields))
          const cases = queryCases(operation, SEED).map((item) => ({
            ...item,
            request: { ...body?.request, ...item.request },
          }))
          assertStillCovers(covers, cases)

          // Act
          const what = `query strings generated for ${operation.id}`
          const failures = await sendCases(operation, what, cases)

          // Assert
          if (failures !== undefined) throw new Error(failures)
          expect(failures).toBeUndefined()
        },
      )
    }
  }
})
