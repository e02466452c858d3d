// The statuses a server answers from its own condition, not from the request: 429 (too many
// requests) and 5xx (failing, stopping, a full disk). No request can make a deployment answer
// them, but the bundled mock and Prism simulate any documented status on `Prefer: code=N`
// (RFC 7240: a server may ignore a preference). Each operation is asked for each such status it
// documents: the answer is that status exactly as documented (problem+json, every header it names
// with a value of the header's schema) or, not simulated, the answer the same request gets without
// the preference. The requests carry no usable credentials, so nothing is ever changed.
import type { DocumentHeader } from '../../../openapi/document-model.ts'
import { contractRules } from '../rules/contract-rules.ts'
import { headerRule, statusRule, type Rule } from '../rules/rule.ts'
import { call, type ApiResponse, type RequestOptions } from '../support/api.ts'
import { contractEnv } from '../support/env.ts'
import { testIf } from '../support/gates.ts'
import {
  documentedOperations,
  labelOf,
  methodOf,
  pathOf,
  requiresToken,
  writes,
  type Operation,
} from '../support/operations.ts'
import { unknownTokenOptions } from '../support/probes.ts'
import { describe, expect } from '../support/test-api.ts'

type StatusRule = Extract<Rule, { kind: 'status' }>

/** Too many requests, and every server error: what the server's condition answers. */
const isConditionStatus = (status: number): boolean => status === 429 || status >= 500

/** The headers the document names for the operation's `status`, with their schemas. */
const documentedHeaders = (operation: Operation, status: number): readonly DocumentHeader[] =>
  operation.responses.find(({ code }) => code === String(status))?.headers ?? []

/** What is wrong with a header's value for its schema (an integer: whole, at least its minimum). */
function headerFindings({ name, schema }: DocumentHeader, value: string | undefined): string[] {
  if (value === undefined) return [`  - the documented header ${name} is missing`]
  if (schema.type !== 'integer') return []
  const whole = /^\d+$/.test(value.trim()) && Number(value) >= (schema.minimum ?? 0)
  return whole
    ? []
    : [`  - ${name}: ${value} is not a whole number of at least ${String(schema.minimum ?? 0)}`]
}

/** Nothing a server could act on: credentials no server knows, and no body. */
const harmless = (operation: Operation): RequestOptions =>
  requiresToken(operation) ? unknownTokenOptions() : { token: null }

const send = (operation: Operation, headers: Record<string, string> = {}): Promise<ApiResponse> =>
  call(methodOf(operation), pathOf(operation, contractEnv().orgId), {
    ...harmless(operation),
    headers,
  })

const STATUS_RULES = contractRules().filter(
  (rule): rule is StatusRule => rule.kind === 'status' && isConditionStatus(rule.status),
)

describe("Statuses of the server's condition, simulated on request (Prefer: code)", () => {
  for (const operation of documentedOperations()) {
    const statuses = STATUS_RULES.filter(({ operationId }) => operationId === operation.id).map(
      ({ status }) => status,
    )
    if (statuses.length === 0) continue
    const headerRules = statuses.flatMap((status) =>
      documentedHeaders(operation, status).map(({ name }) =>
        headerRule(operation.id, status, name),
      ),
    )
    testIf(
      {
        writes: writes(operation),
        covers: [...statuses.map((status) => statusRule(operation.id, status)), ...headerRules],
      },
      `When ${labelOf(operation)} is asked with Prefer: code= for each of its documented ${statuses.join(', ')}, then each answer is that status as documented (problem+json, its headers) or, not simulated, the answer without the preference`,
      async () => {
        // Arrange
        const usual = (await send(operation)).status

        // Act
        const answers = await Promise.all(
          statuses.map(async (status) => ({
            status,
            res: await send(operation, { Prefer: `code=${String(status)}` }),
          })),
        )

        // Assert
        for (const { status, res } of answers) {
          if (res.status === usual && usual !== status) continue
          expect(res).toBeProblem(status)
          const findings = documentedHeaders(operation, status).flatMap((header) =>
            headerFindings(header, res.headers[header.name.toLowerCase()]),
          )
          expect({ status, findings }).toEqual({ status, findings: [] })
        }
      },
    )
  }
})
