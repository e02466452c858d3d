import type { Measurement } from './measure.ts'
import type { StallResult } from './stall.ts'
import type { StartupResult } from './startup.ts'

export type Section = 'express' | 'mixed' | 'durable' | 'stores' | 'postgres'

export interface Row {
  section: Section
  id: string
  name: string
  /** Contacts in the data file; undefined for rows without one (the baseline, the raw loop). */
  contacts: number | undefined
  connections: number
  /** The work ran in the bench's own process (the raw fdatasync loops): no load generator. */
  local: boolean
  measurement: Measurement
  /** The row this one is compared with, its req/s divided by that row's. */
  reference: Row | undefined
  ratio: number | undefined
  target: number | undefined
  p99TargetMs: number | undefined
}

/** 1.0x, 1.5x, 0.8x, 0.45x */
export const times = (ratio: number): string =>
  `${Number.isInteger(ratio) ? ratio.toFixed(1) : String(ratio)}x`

export const passes = (row: Row): boolean =>
  row.target === undefined || (row.ratio ?? 0) >= row.target

export const HEADER = [
  'operation',
  'contacts',
  'conns',
  'req/s',
  'p50 ms',
  'p99 ms',
  'bytes/resp',
  'server CPU',
  'CPU µs/req',
  'loadgen CPU',
  'other CPU',
  'ratio',
  'target',
  'result',
]

const fixed = (value: number, digits: number): string => value.toFixed(digits)
export const percent = (cores: number): string => `${(cores * 100).toFixed(0)}%`
const mb = (bytes: number): string => (bytes / 1e6).toFixed(0)
export const count = (value: number | undefined): string =>
  value === undefined ? '-' : value.toLocaleString('en-US')

export function rowCells(row: Row): string[] {
  const { measurement: m, target, ratio } = row
  return [
    row.name,
    count(row.contacts),
    String(row.connections),
    fixed(m.requestsPerSecond, 0),
    fixed(m.p50Ms, 2),
    fixed(m.p99Ms, 2),
    fixed(m.bytesPerResponse, 0),
    percent(m.serverCores),
    fixed(m.serverCpuUsPerRequest, 0),
    row.local ? '-' : percent(m.generatorCores),
    percent(m.otherCores),
    ratio === undefined ? 'reference' : fixed(ratio, 2),
    target === undefined ? '-' : `>= ${times(target)}`,
    target === undefined ? '-' : passes(row) ? 'met' : 'MISSED',
  ]
}

export const STALL_HEADER = [
  'contacts',
  'create conns',
  'probed s',
  'creates/s',
  'snapshots (s each)',
  'probes',
  'max ms',
  'p99 ms',
  'max in snapshot ms',
  'max outside ms',
  'bench loop max ms',
  'server CPU',
  'other CPU',
]

export function stallCells(stall: StallResult): string[] {
  const spans = stall.snapshotSeconds.map((seconds) => seconds.toFixed(1)).join(', ')
  return [
    count(stall.contacts),
    String(stall.connections),
    fixed(stall.seconds, 1),
    fixed(stall.createsPerSecond, 0),
    stall.snapshotSeconds.length === 0 ? '0' : `${String(stall.snapshotSeconds.length)} (${spans})`,
    String(stall.probes),
    fixed(stall.maxMs, 1),
    fixed(stall.p99Ms, 1),
    fixed(stall.maxDuringSnapshotMs, 1),
    fixed(stall.maxOutsideSnapshotMs, 1),
    fixed(stall.benchLoopMaxMs, 1),
    percent(stall.serverCores),
    percent(stall.otherCores),
  ]
}

export const STARTUP_HEADER = [
  'contacts',
  'data file MB',
  'samples',
  'start-up ms',
  'RSS ready MB',
  'RSS warm MB',
  'peak RSS MB',
  'other CPU',
]

export function startupCells(result: StartupResult): string[] {
  return [
    count(result.contacts),
    (result.fileBytes / 1e6).toFixed(0),
    String(result.samples),
    result.startupMs.toFixed(0),
    mb(result.rssReady),
    mb(result.rssWarm),
    mb(result.peakRss),
    percent(result.otherCores),
  ]
}

/** A plain-text table for the terminal: first column left-aligned, numbers right-aligned. */
export function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  )
  const line = (cells: string[]): string =>
    cells
      .map((cell, column) => {
        const width = widths[column] ?? 0
        return column === 0 ? cell.padEnd(width) : cell.padStart(width)
      })
      .join(' | ')
  const rule = widths.map((width) => '-'.repeat(width)).join('-+-')
  return [line(header), rule, ...rows.map(line)].join('\n')
}

/** A Markdown table; prettier aligns it when BENCHMARKS.md is written. */
export function markdownTable(header: string[], rows: string[][]): string {
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`
  const align = header.map((_, column) => (column === 0 ? ':--' : '--:'))
  return [line(header), line(align), ...rows.map(line)].join('\n')
}
