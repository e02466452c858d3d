// The hooks of every test file (the test API imports this module): the document check of every
// response a test did not check itself, and the cleanup of what the file created, even when
// tests fail. They are node:test's own root hooks, so they cover every check of the file.
import { after, afterEach } from 'node:test'
import { checkAgainstDocument, documentFailure, findOperation } from './document-check.ts'
import { purgeCreatedRecords } from './records.ts'
import { takeDifferences } from './oracle/oracle.ts'
import { takeUnchecked } from './response-log.ts'

const MAX_RESPONSES = 3

/** The first few of `items` (the first ones are enough to act on), then how many more of `count`. */
function firstFew(items: readonly string[], what: string, count = items.length): string {
  const shown = items.slice(0, MAX_RESPONSES)
  const more = count - shown.length
  return `${shown.join('\n\n')}${more > 0 ? `\n… and ${String(more)} more ${what}` : ''}`
}

/** The differences the oracle found in the answers of the test (or of the file's cleanup). */
function differencesFailure(when: string): string | undefined {
  const differences = takeDifferences()
  if (differences.length === 0) return undefined
  return `${when}:\n${firstFew(differences, 'answers that differ from the reference')}`
}

afterEach(() => {
  // taken first and told after the document's failures: both concern this test's answers only
  const differences = differencesFailure('An answer received during this test')
  const failures = takeUnchecked()
    // Paths and methods outside the document are judged by the tests that send them.
    .filter((res) => findOperation(res.request.method, res.request.path) !== undefined)
    .map((res) => ({ res, problems: checkAgainstDocument(res) }))
    .filter(({ problems }) => problems.length > 0)
    .map(({ res, problems }) => documentFailure(res, problems))
  // one identical failure per response would bury the others: each is told once
  const broken = [...new Set(failures)]
  const told = [
    failures.length === 0
      ? undefined
      : `A response received during this test:\n${firstFew(broken, 'responses that break the document', failures.length)}`,
    differences,
  ].filter((text): text is string => text !== undefined)
  if (told.length > 0) throw new Error(told.join('\n\n'))
})

// No timeout of its own: each of its requests has one (api.ts).
after(async () => {
  await purgeCreatedRecords()
  const differences = differencesFailure("An answer received during the file's cleanup")
  if (differences !== undefined) throw new Error(differences)
})
