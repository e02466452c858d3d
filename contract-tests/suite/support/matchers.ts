// expect(res).toMatchDocument() and expect(res).toBeProblem(status, fields): the response checks
// every test makes, with failure messages that show the request, the status, the offending part
// of the body and the schema path.
import { expect, type MatcherFunction } from 'expect'
import type { ApiResponse } from './api.ts'
import { describeRequest } from './describe.ts'
import { markChecked } from './response-log.ts'
import { contractRules } from '../rules/contract-rules.ts'
import { EVERY_PATH, statusRule } from '../rules/rule.ts'
import {
  boundFindings,
  checkAgainstDocument,
  checkProblem,
  documentFailure,
  findOperation,
  responseViolations,
} from './document-check.ts'

declare module 'expect' {
  interface Matchers<R> {
    /** The status is documented for the operation, the content type matches, the body validates. */
    toMatchDocument(): R
    /**
     * An RFC 9457 problem+json answer with this status, its `instance` (if any) the request's
     * path, and, when `fields` are given, `errors` naming exactly them, each once, in any order.
     */
    toBeProblem(status: number, fields?: readonly string[]): R
  }
}

const isApiResponse = (value: unknown): value is ApiResponse =>
  typeof value === 'object' && value !== null && 'request' in value && 'status' in value

const notAResponse = { pass: false, message: () => 'expected the ApiResponse returned by call()' }

const toMatchDocument: MatcherFunction = function (received) {
  if (!isApiResponse(received)) return notAResponse
  markChecked(received)
  const problems = checkAgainstDocument(received)
  return {
    pass: problems.length === 0,
    message: () =>
      problems.length === 0
        ? `expected a response that breaks the document\n${describeRequest(received)}`
        : documentFailure(received, problems),
  }
}

const fieldsNamed = (body: unknown): string[] => {
  const errors = (body as { errors?: unknown } | undefined)?.errors
  return Array.isArray(errors)
    ? errors.map((item) => String((item as { field?: unknown } | null)?.field))
    : []
}

/** The document: `instance` is "the path of the request" (a base URL's own path may precede it). */
function instanceFindings(res: ApiResponse): string[] {
  const instance = (res.body as { instance?: unknown } | undefined)?.instance
  return typeof instance !== 'string' || instance.endsWith(res.request.path)
    ? []
    : [`  - instance is ${instance}, not the path of the request (${res.request.path})`]
}

/** The document: "one item per bad parameter" — every bad one named, each once, nothing else. */
function fieldFindings(res: ApiResponse, fields: readonly string[]): string[] {
  if (fields.length === 0) return []
  const named = fieldsNamed(res.body)
  const shown = named.join(', ') || 'nothing'
  return [
    ...fields
      .filter((field) => !named.includes(field))
      .map((field) => `  - errors[] does not name ${field} (it names: ${shown})`),
    ...named
      .filter((field, index) => !fields.includes(field) || named.indexOf(field) !== index)
      .map((field) => `  - errors[] names ${field}, which was not expected (it names: ${shown})`),
  ]
}

/** The statuses of the errors table no operation lists (`status:*:431`). */
const everyPathStatuses = (): Set<number> =>
  new Set(
    contractRules().flatMap((rule) =>
      rule.kind === 'status' && rule.id === statusRule(EVERY_PATH, rule.status)
        ? [rule.status]
        : [],
    ),
  )

function problemFindings(res: ApiResponse, status: number, fields: readonly string[]): string[] {
  // A wrong status says it all; the rest would only describe the body shown above.
  if (res.status !== status)
    return [`  - expected status ${String(status)}, got ${String(res.status)}`]
  const findings: string[] = []
  const mediaType = res.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
  if (mediaType !== 'application/problem+json') {
    findings.push(
      `  - expected content type application/problem+json, got ${mediaType ?? '(none)'}`,
    )
  }
  findings.push(...checkProblem(res), ...instanceFindings(res), ...fieldFindings(res, fields))
  // A status of every path (408, 431) is answered before any operation, which cannot list it.
  const documented =
    findOperation(res.request.method, res.request.path) !== undefined &&
    !everyPathStatuses().has(status)
  findings.push(...(documented ? checkAgainstDocument(res) : responseViolations(res)))
  return boundFindings(findings)
}

const toBeProblem: MatcherFunction<[status: number, fields?: readonly string[]]> = function (
  received,
  status,
  fields = [],
) {
  if (!isApiResponse(received)) return notAResponse
  markChecked(received)
  const findings = problemFindings(received, status, fields)
  return {
    pass: findings.length === 0,
    message: () =>
      findings.length === 0
        ? `expected anything but a ${String(status)} problem\n${describeRequest(received)}`
        : [
            `Expected a ${String(status)} application/problem+json answer`,
            describeRequest(received),
            ...findings,
          ].join('\n'),
  }
}

expect.extend({ toMatchDocument, toBeProblem })
