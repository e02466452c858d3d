import { MIXED_ROUNDS } from './mixed-rounds.ts'
import { describeMix, READS_ONLY, WITH_WRITES } from './mixed-workload.ts'
import { MIXED_CONNECTIONS, RAW_SYNC_ID, READ_CONNECTIONS } from './operations.ts'
import { scaleSection, storesSection } from './postgres-sections.ts'
import {
  HEADER,
  rowCells,
  STALL_HEADER,
  stallCells,
  STARTUP_HEADER,
  startupCells,
  type Section,
} from './report.ts'
import { PROBE_INTERVAL_MS } from './stall.ts'
import type { RunSummary } from './summary.ts'

/** One table of the results, with what to read it by. */
export interface ResultSection {
  title: string
  intro: string
  header: string[]
  cells: string[][]
  notes: string[]
}

function throughputSection(
  summary: RunSummary,
  section: Section,
  title: string,
  intro: string,
  notes: string[] = [],
): ResultSection {
  const rows = summary.rows.filter((row) => row.section === section)
  return { title, intro, header: HEADER, cells: rows.map(rowCells), notes }
}

function logNote(summary: RunSummary): string[] {
  const logged = summary.measured.find((result) => result.operation.id === 'fetch-log')
  if (!logged) return []
  return [
    `With the request log on, the mock wrote ${logged.stdoutBytesPerRequest.toFixed(0)} bytes ` +
      'to stdout per request (one JSON line each), read continuously from a pipe by the bench ' +
      'process, as a terminal reads it.',
  ]
}

function roundsNote(summary: RunSummary): string[] {
  return summary.measured
    .filter((result) => result.section === 'mixed' && result.operation.reference !== undefined)
    .map(
      ({ contacts, roundRatios = [] }) =>
        `${(contacts ?? 0).toLocaleString('en-US')} contacts, the ratios of the rounds: ` +
        `${roundRatios.map((ratio) => ratio.toFixed(2)).join(', ')}.`,
    )
}

function blockingNote(summary: RunSummary): string[] {
  const blocking = summary.rows.find((row) => row.id === `${RAW_SYNC_ID}-blocking`)
  const creates = summary.rows.filter((row) => row.id.startsWith('create-'))
  if (!blocking) return []
  const rate = blocking.measurement.requestsPerSecond
  const ratios = creates.map(
    (row) =>
      `${String(row.connections)} connections ${(row.measurement.requestsPerSecond / rate).toFixed(2)}x`,
  )
  return [`Against the synchronous loop instead: ${ratios.join(', ')}.`]
}

export function resultSections(summary: RunSummary): ResultSection[] {
  const size = summary.rows.find((row) => row.section === 'express' && row.contacts)?.contacts
  const { stall } = summary
  return [
    throughputSection(
      summary,
      'express',
      `Against the minimal Express app (${(size ?? 0).toLocaleString('en-US')} contacts)`,
      `${String(READ_CONNECTIONS)} connections each; ratio: req/s divided by the baseline's.`,
      logNote(summary),
    ),
    throughputSection(
      summary,
      'mixed',
      'Mixed workload',
      `${String(MIXED_CONNECTIONS)} connections, mock with default flags (request log on). ` +
        `With writes: ${describeMix(WITH_WRITES)}; ` +
        `without: ${describeMix(READS_ONLY)}, run first on the same mock. ` +
        `${String(MIXED_ROUNDS)} rounds at each size, each on a fresh mock: the round with the ` +
        'median ratio (with writes divided by without) is shown.',
      roundsNote(summary),
    ),
    throughputSection(
      summary,
      'durable',
      'Durable creates',
      'Mock with default flags (request log on), a fresh copy of the data file for each ' +
        'connection count; ratio: creates/s ' +
        'divided by the lines/s of the fs.promises loop, run in the same folder just before.',
      blockingNote(summary),
    ),
    {
      title: 'Stall during sustained writes',
      intro:
        `Mock with default flags (request log on). ${String(stall.connections)} connections create ` +
        `contacts; a probe fetches one contact every ${String(PROBE_INTERVAL_MS)} ms on its own ` +
        'connection until the background snapshots have finished.',
      header: STALL_HEADER,
      cells: [stallCells(stall)],
      notes: [
        `The bench's own event loop was late by up to ${stall.benchLoopMaxMs.toFixed(0)} ms during ` +
          `the run (the ${String(summary.machine.cpuCount)} cores are shared with the mock and its ` +
          'garbage collector): a probe is timed no more finely than that.',
      ],
    },
    {
      title: 'Start-up and memory',
      intro: 'Mock with default flags; start-up and RSS are medians of the samples.',
      header: STARTUP_HEADER,
      cells: summary.startup.map(startupCells),
      notes: [summary.floor],
    },
    storesSection(summary.rows, summary.postgres.compared),
    scaleSection(summary.rows, summary.postgres.scale, summary.postgres.searchAlone),
  ]
}
