import { copyFileSync } from 'node:fs'
import { ProblemList } from '../../../../fixtures/seed-identities.ts'
import { journalFiles, type DamagedLine, type JournalContents } from './journal.ts'
import { flushToDisk } from './durable-writes.ts'
import { StartupError } from '../../../shared/startup-error.ts'

/**
 * Each damaged line's problems, or the line itself when it is no entry at all; a problem that
 * names other records only (a relationship left naming a user the line removed) after the line.
 */
function listOf(damaged: readonly DamagedLine[]): string {
  const list = new ProblemList()
  for (const { file, line, text, problems } of damaged) {
    const where = `${file} line ${String(line)}`
    const shown = `${where} (${text.length > 60 ? `${text.slice(0, 60)}…` : text})`
    for (const problem of problems ?? [shown]) {
      list.add(problem.startsWith(`${where} `) ? problem : `${shown}: ${problem}`)
    }
  }
  return list.format()
}

/**
 * A journal damaged in the middle (by hand, or by an older version), or holding entries that break
 * a rule of the data, never costs its intact entries: the start is refused and names the lines;
 * with `recover`, a copy of every journal file is kept aside (never deleted), the intact entries
 * are kept, and the notes say what was dropped.
 */
export async function handleJournalDamage(
  path: string,
  journal: JournalContents,
  recover: boolean,
): Promise<string[]> {
  const { entries, damaged } = journal
  if (damaged.length === 0) return []
  const lines = listOf(damaged)
  if (!recover) {
    throw new StartupError(
      `The journal is damaged; it was not changed:\n${lines}\n` +
        `Start again with --recover to keep its ${String(entries.length)} intact entries, ` +
        `drop the ${String(damaged.length)} lines named, and keep the damaged file aside.`,
    )
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const kept: string[] = []
  for (const file of journalFiles(path)) {
    const aside = `${file}.damaged-${stamp}`
    copyFileSync(file, aside)
    await flushToDisk(aside)
    kept.push(aside)
  }
  return [
    `Recovered the journal: kept ${String(entries.length)} entries, ` +
      `dropped ${String(damaged.length)} damaged:\n${lines}\nA copy is kept as ${kept.join(', ')}.`,
  ]
}
