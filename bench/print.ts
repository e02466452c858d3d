import { resultSections, type ResultSection } from './sections.ts'
import type { RunSummary } from './summary.ts'
import { checkLine, type Check } from './targets.ts'
import { textTable } from './report.ts'

/** One result table as the terminal shows it. */
export function sectionLines(section: ResultSection): string[] {
  return [
    `${section.title}: ${section.intro}`,
    textTable(section.header, section.cells),
    ...section.notes,
    '',
  ]
}

export const targetLines = (checks: readonly Check[]): string[] => [
  'Targets:',
  ...checks.map((check) => `  ${checkLine(check)}`),
  '',
]

/** The results as the terminal shows them. */
export function printTables(summary: RunSummary): string {
  const lines = ['', ...resultSections(summary).flatMap(sectionLines)]
  lines.push(...targetLines(summary.checks))
  lines.push(`Bench run: ${summary.totalSeconds.toFixed(0)} s`, '')
  return lines.join('\n')
}
