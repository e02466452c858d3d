import { resultSections } from './sections.ts'
import type { RunSummary } from './summary.ts'
import { checkLine } from './targets.ts'
import { textTable } from './report.ts'

/** The results as the terminal shows them. */
export function printTables(summary: RunSummary): string {
  const lines = ['']
  for (const section of resultSections(summary)) {
    lines.push(`${section.title}: ${section.intro}`, textTable(section.header, section.cells))
    lines.push(...section.notes, '')
  }
  lines.push('Targets:', ...summary.checks.map((check) => `  ${checkLine(check)}`), '')
  lines.push(`Bench run: ${summary.totalSeconds.toFixed(0)} s`, '')
  return lines.join('\n')
}
