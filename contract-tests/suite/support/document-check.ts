// Judges one response against openapi/openapi.yaml with the checker the mock uses too, and adds
// what only a client sees: a Prism proxy in front of the target reporting a response violation.
import { createResponseChecker, excerpt } from '../../../openapi/response-check.ts'
import type { ApiResponse } from './api.ts'
import { describeRequest } from './describe.ts'
import { contractDocument } from './document.ts'

const checker = createResponseChecker(contractDocument)

/**
 * What one response's findings may print: each distinct finding once, at most ten, then how many
 * more. A server that breaks a list's schema in every item would otherwise print thousands of lines.
 */
export const MAX_FINDINGS = 10

/** Distinct findings, at most MAX_FINDINGS, then "… and N more". */
export function boundFindings(findings: readonly string[]): string[] {
  const distinct = [...new Set(findings)]
  if (distinct.length <= MAX_FINDINGS) return distinct
  const more = distinct.length - MAX_FINDINGS
  return [...distinct.slice(0, MAX_FINDINGS), `  - … and ${String(more)} more`]
}

const toCheck = (res: ApiResponse) => ({
  ...res,
  method: res.request.method,
  path: res.request.path,
})

export function findOperation(method: string, path: string) {
  return checker.findOperation(method, path)
}

/** How Prism's header starts when it had to cut the list of violations short. */
const TRUNCATED = 'Too many violations! '

/** Prism's sl-violations that concern the response (request-side ones are expected in some tests). */
export function responseViolations(res: ApiResponse): string[] {
  const header = res.headers['sl-violations']
  if (header === undefined || header === '') return []
  if (header.startsWith(TRUNCATED)) {
    // Prism cuts a long list (thousands of request violations) in the middle of its JSON: what it
    // still shows of the response is reported; the suite's own check reads the whole response.
    return header.includes('"location":["response"')
      ? [`  - Prism: a response violation in a truncated list: ${excerpt(header)}`]
      : []
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(header)
  } catch {
    return [`  - unreadable sl-violations header: ${excerpt(header)}`]
  }
  return (Array.isArray(parsed) ? (parsed as unknown[]) : [])
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .filter((item) => Array.isArray(item['location']) && item['location'][0] === 'response')
    .map((item) => `  - Prism: ${String(item['message'])} (${String(item['severity'])})`)
}

/** The body against the Problem schema, and its status equal to the HTTP status. */
export function checkProblem(res: ApiResponse): string[] {
  return checker.checkProblem(res)
}

/** Everything wrong with the response, or an empty list. */
export function checkAgainstDocument(res: ApiResponse): string[] {
  return boundFindings([...checker.check(toCheck(res)), ...responseViolations(res)])
}

export function documentFailure(res: ApiResponse, problems: string[]): string {
  return [
    `The response does not match the document`,
    describeRequest(res),
    ...boundFindings(problems),
  ].join('\n')
}
