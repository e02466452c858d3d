// The hooks of every test file (the test API imports this module): the document check of every
// response a test did not check itself, and the cleanup of what the file created, even when
// tests fail. They are node:test's own root hooks, so they cover every check of the file.
import { after, afterEach } from 'node:test'
import { checkAgainstDocument, documentFailure, findOperation } from './document-check.ts'
import { purgeCreatedRecords } from './records.ts'
import { takeUnchecked } from './response-log.ts'

const MAX_RESPONSES = 3

afterEach(() => {
  const failures = takeUnchecked()
    // Paths and methods outside the document are judged by the tests that send them.
    .filter((res) => findOperation(res.request.method, res.request.path) !== undefined)
    .map((res) => ({ res, problems: checkAgainstDocument(res) }))
    .filter(({ problems }) => problems.length > 0)
    .map(({ res, problems }) => documentFailure(res, problems))
  // The first few are enough to act on; one identical failure per response would bury them.
  const shown = [...new Set(failures)].slice(0, MAX_RESPONSES)
  const more = failures.length - shown.length
  if (failures.length > 0) {
    throw new Error(
      `A response received during this test:\n${shown.join('\n\n')}` +
        (more > 0 ? `\n… and ${String(more)} more responses that break the document` : ''),
    )
  }
})

// No timeout of its own: each of its requests has one (api.ts).
after(() => purgeCreatedRecords())
