// The reports of a run: JUnit (message, file, skip reasons), the Markdown summary, and the bounds
// on what one response or one run prints.
import { describe, expect, test } from '@jest/globals'
import { formatFailureBlocks } from '../runner/report/console-report.ts'
import type { RunResults } from '../runner/report/check-results.ts'
import { formatJunit } from '../runner/report/junit-report.ts'
import { formatMarkdownSummary } from '../runner/report/markdown-summary.ts'
import { boundFindings, MAX_FINDINGS } from '../suite/support/document-check.ts'

const RESULTS: RunResults = {
  checks: [
    {
      file: 'contacts.contract.ts',
      path: ['POST /contacts', 'When a, then b'],
      outcome: 'passed',
      durationMs: 3,
    },
    {
      file: 'contacts.contract.ts',
      path: ['POST /contacts', 'When c, then d'],
      outcome: 'failed',
      message: 'expected 201, got 500\n  request: POST /contacts <x>',
      durationMs: 4,
    },
    {
      file: 'errors.contract.ts',
      path: ['Unknown query parameters', 'When e, then f'],
      outcome: 'skipped',
      reason: '--read-only (CONTRACT_READ_ONLY): these checks write',
      durationMs: 0,
    },
  ],
  problems: [{ file: 'errors.contract.ts', path: [], message: 'Cleanup failed: /x still there' }],
}

describe('The JUnit report', () => {
  test('When a run has passed, failed and skipped checks and a failed cleanup, then each testcase has its file, a failure its message, a skip its reason', () => {
    // Act
    const xml = formatJunit(RESULTS, '/repo/contract-tests/suite', '/repo')

    // Assert
    expect(xml).toContain(
      '<testcase name="When c, then d" classname="contacts.contract.ts › POST /contacts" file="contract-tests/suite/contacts.contract.ts"',
    )
    expect(xml).toContain(
      '<failure type="failure" message="expected 201, got 500">expected 201, got 500\n  request: POST /contacts &lt;x&gt;</failure>',
    )
    expect(xml).toContain(
      '<skipped type="skipped" message="--read-only (CONTRACT_READ_ONLY): these checks write"/>',
    )
    expect(xml).toContain('name="loading or cleanup of the file" classname="errors.contract.ts"')
    expect(xml.match(/<testcase /g)).toHaveLength(4)
  })
})

describe('The Markdown summary', () => {
  test('When a run is summarised, then each rule is a row with its checks, passes, failures and skip reasons', () => {
    // Act
    const markdown = formatMarkdownSummary(RESULTS, 'http://api.test', false)

    // Assert
    expect(markdown).toContain('| ❌ contacts › POST /contacts | 2 | 1 | 1 | 0 |')
    expect(markdown).toContain(
      '| ⏭️ errors › Unknown query parameters | 1 | 0 | 0 | 1: --read-only (CONTRACT_READ_ONLY): these checks write |',
    )
    expect(markdown).toContain('does NOT keep the contract')
  })
})

describe('Bounded output', () => {
  test('When a response breaks the schema in 30 ways, then 10 are shown, then "and 20 more"; repeats are shown once', () => {
    // Arrange
    const findings = Array.from(
      { length: 30 },
      (_, index) => `  - body/contacts/${String(index)} is wrong`,
    )

    // Act
    const shown = boundFindings([...findings, ...findings])

    // Assert
    expect(shown).toHaveLength(MAX_FINDINGS + 1)
    expect(shown.at(-1)).toBe('  - … and 20 more')
  })

  test('When checks fail with the same message but for ids, then the message is printed once and the others point at it', () => {
    // Arrange
    const failed = (title: string, id: string) => ({
      file: 'a.contract.ts',
      path: [title],
      outcome: 'failed' as const,
      message: `expected 401, got 200 for /contacts/${id}`,
      durationMs: 1,
    })

    // Act
    const text = formatFailureBlocks({
      checks: [
        failed('When one', '5b0e6a36-3c4a-4d6b-9a0e-2f1c8d7e9a41'),
        failed('When two', '7c1e9f3a-5b2d-4c8e-a6f0-4d3b2a1e0c95'),
      ],
      problems: [],
    })

    // Assert
    expect(text.match(/expected 401, got 200/g)).toHaveLength(1)
    expect(text).toContain('(the same failure as When one)')
  })
})
