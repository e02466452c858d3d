// Assertions on RFC 9457 problems (application/problem+json).
import { expect } from '@jest/globals'
import type { Response } from 'supertest'
import type { Problem } from '../../mock/shared/problem.ts'
import { bodyOf } from './records.ts'

export const PROBLEM_BASE = '/problems/'

// The contract the tests hold the mock to (not imported from problem.ts, which they check).
const TITLES: Record<number, [slug: string, title: string]> = {
  400: ['bad-request', 'Bad Request'],
  401: ['unauthorized', 'Unauthorized'],
  403: ['forbidden', 'Forbidden'],
  404: ['not-found', 'Not Found'],
  405: ['method-not-allowed', 'Method Not Allowed'],
  409: ['conflict', 'Conflict'],
  413: ['payload-too-large', 'Payload Too Large'],
  415: ['unsupported-media-type', 'Unsupported Media Type'],
  422: ['validation', 'Unprocessable Content'],
  503: ['unavailable', 'Service Unavailable'],
  507: ['insufficient-storage', 'Insufficient Storage'],
}

/**
 * Asserts an RFC 9457 problem: the status, the problem+json type, `type`/`title`/`status`/`detail`,
 * and, when `fields` is given, exactly these `errors[].field` names in this order.
 */
export function expectProblem(res: Response, status: number, fields?: string[]): Problem {
  if (res.status !== status) {
    // Say what the mock answered, not just the status.
    throw new Error(`Expected ${String(status)}, got ${String(res.status)}: ${res.text}`)
  }
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
  const problem = bodyOf<Problem>(res)
  const [slug, title] = TITLES[status] ?? ['?', '?']
  expect(problem).toMatchObject({ type: PROBLEM_BASE + slug, title, status })
  expect(typeof problem.detail).toBe('string')
  expect(problem.detail.length).toBeGreaterThan(0)
  if (fields !== undefined) {
    expect((problem.errors ?? []).map((error) => error.field)).toEqual(fields)
    for (const error of problem.errors ?? []) expect(error.message.length).toBeGreaterThan(0)
  }
  return problem
}

/** The message of the error on `field`, failing if there is none. */
export function messageOf(problem: Problem, field: string): string {
  const error = problem.errors?.find((item) => item.field === field)
  expect(error).toBeDefined()
  return error?.message ?? ''
}
