// Judges one response against openapi/openapi.yaml with the checker the mock uses too, and adds
// what only a client sees: a Prism proxy in front of the target reporting a response violation.
import { readFileSync } from 'node:fs'
import { loadDocument, type OpenApiDocument } from '../../openapi/document.ts'
import { createResponseChecker, excerpt } from '../../openapi/response-check.ts'
import type { ApiResponse } from './api.ts'
import { describeRequest } from './describe.ts'

/** globalSetup parses openapi/openapi.yaml once and leaves a JSON copy for the test files. */
const parsedCopy = process.env['CONTRACT_DOCUMENT_JSON']
const document =
  parsedCopy === undefined
    ? loadDocument()
    : (JSON.parse(readFileSync(parsedCopy, 'utf8')) as OpenApiDocument)
const checker = createResponseChecker(document)

const toCheck = (res: ApiResponse) => ({
  ...res,
  method: res.request.method,
  path: res.request.path,
})

export function findOperation(method: string, path: string) {
  return checker.findOperation(method, path)
}

/** Prism's sl-violations that concern the response (request-side ones are expected in some tests). */
export function responseViolations(res: ApiResponse): string[] {
  const header = res.headers['sl-violations']
  if (header === undefined || header === '') return []
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
  return [...checker.check(toCheck(res)), ...responseViolations(res)]
}

export function documentFailure(res: ApiResponse, problems: string[]): string {
  return [
    `The response does not match openapi/openapi.yaml`,
    describeRequest(res),
    ...problems,
  ].join('\n')
}
