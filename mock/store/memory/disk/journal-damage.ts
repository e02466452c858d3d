import { copyFileSync } from 'node:fs'
import { journalFiles, type DamagedLine, type JournalContents } from './journal.ts'
import { flushToDisk } from './flush-to-disk.ts'
import { StartupError } from '../../../shared/startup-error.ts'

const preview = ({ file, line, text }: DamagedLine): string =>
  `${file} line ${String(line)} (${text.length > 60 ? `${text.slice(0, 60)}…` : text})`

/**
 * A journal damaged in the middle (by hand, or by an older version) never costs its intact
 * entries: the start is refused and names the lines; with `recover`, a copy of every journal file
 * is kept aside (never deleted), the intact entries are kept, and the notes say what was dropped.
 */
export async function handleJournalDamage(
  path: string,
  journal: JournalContents,
  recover: boolean,
): Promise<string[]> {
  const { entries, damaged } = journal
  if (damaged.length === 0) return []
  const lines = damaged.map(preview).join(', ')
  if (!recover) {
    throw new StartupError(
      `The journal is damaged at ${lines}; it was not changed. ` +
        `Start again with --recover to keep its ${String(entries.length)} intact entries ` +
        'and keep the damaged file aside.',
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
      `dropped ${String(damaged.length)} damaged: ${lines}. A copy is kept as ${kept.join(', ')}.`,
  ]
}
