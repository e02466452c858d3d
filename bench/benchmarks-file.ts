import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { format, resolveConfig } from 'prettier'
import { machineLines } from './machine.ts'
import { howToRun, whatIsMeasured } from './method-text.ts'
import { clusterLine } from './postgres-cluster.ts'
import { markdownTable } from './report.ts'
import { resultSections } from './sections.ts'
import { ROOT } from './server-process.ts'
import type { RunSummary } from './summary.ts'
import { checkLine } from './targets.ts'

function versionOf(name: string): string {
  const manifest = join(ROOT, 'node_modules', name, 'package.json')
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: unknown }
  return String(version)
}

function settingsLines(summary: RunSummary): string[] {
  const { options, workload } = summary
  return [
    ...(options.quick ? ['Mode: --quick (a smoke run, not a measurement to quote)'] : []),
    `The mock: compiled JavaScript (${options.skipBuild ? '`dist/` as found, --skip-build' : '`npm run build` at the start of the run'}), ` +
      'started as `node dist/mock/process/main.js --port 0 --db FILE` plus the flags each table names',
    `${clusterLine(summary.postgres.cluster)}; the mock on it: \`--store URL\` instead of \`--db FILE\``,
    `Express ${versionOf('express')}, pg ${versionOf('pg')}, pino ${versionOf('pino')}, autocannon ${versionOf('autocannon')} (load generator in the bench process)`,
    `Per measured row: ${String(options.warmupSeconds)} s warm-up, then ${String(options.durationSeconds)} s measured`,
    `Search term: "${workload.searchTerm}" (the most common last name of the 10,000-contact file)`,
    `Whole bench run: ${(summary.totalSeconds / 60).toFixed(1)} minutes`,
  ]
}

export function benchmarksMarkdown(summary: RunSummary): string {
  const bullets = (lines: string[]): string => lines.map((line) => `- ${line}`).join('\n')
  const missed = summary.checks.filter((check) => !check.met).length
  const verdict =
    missed === 0
      ? 'Every target is met.'
      : `${String(missed)} of ${String(summary.checks.length)} targets missed; \`npm run bench\` exits with 1.`
  const sections = resultSections(summary).flatMap((section) => [
    `### ${section.title}`,
    section.intro,
    markdownTable(section.header, section.cells),
    ...section.notes,
  ])
  return [
    '# Benchmarks',
    'Written by `npm run bench -- --write` (bench/run.ts); do not edit by hand, run it again.',
    `## Latest run: ${summary.date.toISOString().replace(/\.\d+Z$/, 'Z')}`,
    '### Machine',
    bullets(machineLines(summary.machine)),
    '### Settings',
    bullets(settingsLines(summary)),
    '### Targets',
    `${verdict} Each target is a ratio or a limit measured in this run:`,
    bullets(summary.checks.map(checkLine)),
    ...sections,
    whatIsMeasured(summary),
    howToRun(),
  ].join('\n\n')
}

/** Writes BENCHMARKS.md at the top of the repository, formatted as `prettier --check` wants. */
export async function writeBenchmarks(summary: RunSummary): Promise<string> {
  const path = join(ROOT, 'BENCHMARKS.md')
  const config = (await resolveConfig(path)) ?? {}
  const text = await format(benchmarksMarkdown(summary), { ...config, filepath: path })
  writeFileSync(path, text)
  return path
}
