import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { format, resolveConfig } from 'prettier'
import { machineLines, type Machine } from './machine.ts'
import {
  HEADER,
  markdownTable,
  passes,
  rowCells,
  STARTUP_HEADER,
  startupCells,
  type Row,
} from './report.ts'
import { ROOT } from './server-process.ts'
import type { StartupResult } from './startup.ts'

export interface RunSummary {
  date: Date
  quick: boolean
  machine: Machine
  durationSeconds: number
  warmupSeconds: number
  dataContacts: number
  searchTerm: string
  rows: Row[]
  startup: StartupResult[]
  startupSamples: number
  /** A sentence on the baseline app's own start-up time and RSS. */
  startupFloor: string
  totalSeconds: number
}

const HOW_TO_RUN = `## How to run

\`\`\`sh
npm run bench                     # full run, prints the tables; exit code 1 if a target is missed
npm run bench -- --write          # the same, and rewrites this file (or BENCH_WRITE=1)
npm run bench -- --quick          # smoke run: 2 s per operation, no 100k data file
npm run bench -- --duration 15    # longer runs (seconds per operation)
npm run bench -- --profile prof   # the mock runs under --cpu-prof; the profile lands in prof/
\`\`\`

Run it on an otherwise idle machine: the load generator and the server need a core each.`

const WHAT_IS_MEASURED = `## What is measured

- The data files are made by \`fixtures/cli.ts\` (as \`npm run fixtures\`) in a temporary folder.
- The baseline is \`bench/baseline-server.ts\`: a minimal Express 5 app answering the mock's fetch
  path with one contact (the same record) from a \`Map\`, with ETag and \`X-Powered-By\` off as in
  the mock. Every ratio divides an operation's req/s by the baseline's req/s of the same run.
- Each server is its own process and runs alone (baseline first, then the mock), so the load
  generator (autocannon, in the bench process) and the server each have a core.
- Read operations: the same autocannon settings as the baseline (10 connections, pipelining 1).
  Each operation gets a warm-up run that is discarded, then the measured run.
- Fetch one is the first contact of the mock's own list; list is \`?page=3&limit=20\`; search is
  \`?search=\` the most common last name of the data file: every contact's text is searched, and
  page 1 of the matches is returned.
- Durable create: 8 connections POST form-encoded contacts (a different one per request) with the
  bearer token. The mock sends the 201 only after the journal entry is on disk (append, then
  fdatasync; concurrent writes share one fdatasync). It runs last, so the reads see the file as
  generated.
- p50 and p99 are computed from autocannon's per-request timings (sub-millisecond); req/s is
  autocannon's average of per-second counts. Any error, timeout or non-2xx fails the run.
- CPU columns, over the measured run, in cores (100% = one core busy all along): the server
  process (/proc/<pid>/stat), the load generator (this process) and everything else on the machine
  (/proc/stat). The server near 100% means it, not the load generator, sets the pace; CPU µs/req is
  the server's CPU time per response. A run where "other" exceeds 25% of a core (someone else's
  work on the machine) is taken again, up to 3 times, baseline and mock alike, and the least
  disturbed attempt is kept.
- Start-up is the time from spawning \`node --import tsx mock/main.ts\` to its "Mock listening" line
  (median of the samples, each on a fresh copy of the file). RSS is VmRSS of the mock process from
  /proc right after that line and after a few warm read requests (fetch, list, search); peak is
  VmHWM, which loading the JSON drives.`

function versionOf(name: string): string {
  const manifest = join(ROOT, 'node_modules', name, 'package.json')
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
}

function settingsLines(summary: RunSummary): string[] {
  return [
    ...(summary.quick ? ['Mode: --quick (a smoke run, not a measurement to quote)'] : []),
    `Express ${versionOf('express')}, autocannon ${versionOf('autocannon')}, load generator in-process`,
    `Data: ${summary.dataContacts.toLocaleString('en-US')} Acme contacts (fixtures default seed)`,
    `Per operation: ${String(summary.warmupSeconds)} s warm-up, then ${String(summary.durationSeconds)} s measured`,
    `Search term: "${summary.searchTerm}"`,
    `Start-up samples per data file: ${String(summary.startupSamples)} (median)`,
    `Whole bench run: ${summary.totalSeconds.toFixed(0)} s`,
  ]
}

export function benchmarksMarkdown(summary: RunSummary): string {
  const failed = summary.rows.filter((row) => !passes(row)).map((row) => row.name)
  const verdict =
    failed.length === 0
      ? 'Every target is met.'
      : `Targets missed: ${failed.join('; ')}. \`npm run bench\` exits with 1.`
  const bullets = (lines: string[]): string => lines.map((line) => `- ${line}`).join('\n')
  return [
    '# Benchmarks',
    'Written by `npm run bench -- --write` (bench/run.ts); do not edit by hand, run it again.',
    `## Latest run: ${summary.date.toISOString().replace(/\.\d+Z$/, 'Z')}`,
    '### Machine',
    bullets(machineLines(summary.machine)),
    '### Settings',
    bullets(settingsLines(summary)),
    '### Throughput and latency',
    'Targets are ratios to the baseline fetch of the same run, on this machine.',
    markdownTable(HEADER, summary.rows.map(rowCells)),
    verdict,
    '### Start-up and memory',
    markdownTable(STARTUP_HEADER, summary.startup.map(startupCells)),
    summary.startupFloor,
    WHAT_IS_MEASURED,
    HOW_TO_RUN,
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
