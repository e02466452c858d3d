// How the runner reads node:test's events: one result per check, under its describes and its
// test file, and the failures outside any check (a hook, the file itself).
import { describe, expect, test } from '@jest/globals'
import type { TestEvent } from 'node:test/reporters'
import { createCheckTracker, type Finding } from '../runner/report/check-results.ts'

const SUITE = '/suite'
const FILE = '/suite/contacts.contract.ts'
const CALL_SITE = '/suite/support/test-api.ts'

/** What node:test throws for a failure: ERR_TEST_FAILURE, with what the test threw as its cause. */
const failure = (failureType: string, message: string, cause = new Error(message)) =>
  Object.assign(new Error(message), { failureType, cause })

const dequeueFile: TestEvent = {
  type: 'test:dequeue',
  data: { name: FILE, nesting: 0, file: FILE },
}
const start = (name: string, nesting: number): TestEvent => ({
  type: 'test:start',
  data: { name, nesting, file: CALL_SITE },
})
const pass = (name: string, nesting: number, skip?: string): TestEvent => ({
  type: 'test:pass',
  data: { name, nesting, file: CALL_SITE, testNumber: 1, skip, details: { duration_ms: 2 } },
})
const passSuite = (name: string, nesting: number): TestEvent => ({
  type: 'test:pass',
  data: {
    name,
    nesting,
    file: CALL_SITE,
    testNumber: 1,
    details: { duration_ms: 9, type: 'suite' },
  },
})
const fail = (
  name: string,
  nesting: number,
  error: ReturnType<typeof failure>,
  suite = false,
): TestEvent => ({
  type: 'test:fail',
  data: {
    name,
    nesting,
    file: suite || nesting > 0 ? CALL_SITE : FILE,
    testNumber: 1,
    details: { duration_ms: 3, error, ...(suite ? { type: 'suite' as const } : {}) },
  },
})

function read(events: TestEvent[]): Finding[] {
  const track = createCheckTracker(SUITE)
  return events.map(track).filter((finding) => finding !== undefined)
}

describe('createCheckTracker', () => {
  test('When checks pass and are skipped, then each is a result under its describe and file, with the reason', () => {
    // Act
    const findings = read([
      dequeueFile,
      start('POST contacts', 0),
      start('When A, then B', 1),
      pass('When A, then B', 1),
      start('When C, then D', 1),
      pass('When C, then D', 1, 'needs --second-token (CONTRACT_SECOND_TOKEN)'),
      passSuite('POST contacts', 0),
    ])

    // Assert
    expect(findings).toEqual([
      {
        kind: 'check',
        check: {
          file: 'contacts.contract.ts',
          path: ['POST contacts', 'When A, then B'],
          outcome: 'passed',
          durationMs: 2,
        },
      },
      {
        kind: 'check',
        check: {
          file: 'contacts.contract.ts',
          path: ['POST contacts', 'When C, then D'],
          outcome: 'skipped',
          reason: 'needs --second-token (CONTRACT_SECOND_TOKEN)',
          durationMs: 2,
        },
      },
    ])
  })

  test("When a describe's beforeAll fails, then its checks fail as not run and the hook's error is a problem of that describe", () => {
    // Arrange
    const hookError = failure('hookFailed', 'failed running before hook', new Error('got 500'))
    const cancelled = failure(
      'cancelledByParent',
      'x',
      new Error('test did not finish before its parent and was cancelled'),
    )

    // Act
    const findings = read([
      dequeueFile,
      start('PATCH contacts', 0),
      start('When E, then F', 1),
      fail('When E, then F', 1, cancelled),
      fail('PATCH contacts', 0, hookError, true),
    ])

    // Assert
    expect(findings).toMatchObject([
      {
        kind: 'check',
        check: { outcome: 'failed', message: expect.stringContaining('it did not run') },
      },
      {
        kind: 'problem',
        problem: {
          file: 'contacts.contract.ts',
          path: ['PATCH contacts'],
          message: '(failed running before hook)\ngot 500',
        },
      },
    ])
  })

  test('When the file itself fails after its checks (its cleanup), then it is a problem of the file; failed checks alone are not', () => {
    // Act
    const findings = read([
      dequeueFile,
      start('When G, then H', 0),
      fail('When G, then H', 0, failure('testCodeFailure', 'x', new Error('expected 201'))),
      fail(FILE, 0, failure('subtestsFailed', '1 subtest failed')),
      fail(
        FILE,
        0,
        failure('hookFailed', 'failed running after hook', new Error('Cleanup failed')),
      ),
    ])

    // Assert
    expect(findings).toMatchObject([
      {
        kind: 'check',
        check: { path: ['When G, then H'], outcome: 'failed', message: 'expected 201' },
      },
      {
        kind: 'problem',
        problem: {
          file: 'contacts.contract.ts',
          path: [],
          message: '(failed running after hook)\nCleanup failed',
        },
      },
    ])
  })

  test('When a file cannot load, then it is a problem of the file showing its error output', () => {
    // Arrange
    const crashed = Object.assign(failure('testCodeFailure', 'test failed'), { exitCode: 1 })

    // Act
    const findings = read([
      dequeueFile,
      { type: 'test:stderr', data: { file: FILE, message: 'Error: CONTRACT_RUN_ID is not set\n' } },
      fail(FILE, 0, crashed),
    ])

    // Assert
    expect(findings).toEqual([
      {
        kind: 'problem',
        problem: {
          file: 'contacts.contract.ts',
          path: [],
          message:
            'It stopped with exit code 1. Its error output:\nError: CONTRACT_RUN_ID is not set\n',
        },
      },
    ])
  })
})
