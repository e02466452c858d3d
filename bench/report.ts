import type { Measurement } from './measure.ts'
import type { StartupResult } from './startup.ts'

export interface Row {
  name: string
  connections: number
  measurement: Measurement
  /** req/s divided by the baseline's req/s in the same run. */
  ratio: number
  target: number | undefined
}

export const passes = (row: Row): boolean => row.target === undefined || row.ratio >= row.target

export const HEADER = [
  'operation',
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
const percent = (cores: number): string => `${(cores * 100).toFixed(0)}%`
const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(0)

export function rowCells(row: Row): string[] {
  const { measurement: m, target } = row
  return [
    row.name,
    String(row.connections),
    fixed(m.requestsPerSecond, 0),
    fixed(m.p50Ms, 2),
    fixed(m.p99Ms, 2),
    fixed(m.bytesPerResponse, 0),
    percent(m.serverCores),
    fixed(m.serverCpuUsPerRequest, 0),
    percent(m.generatorCores),
    percent(m.otherCores),
    fixed(row.ratio, 3),
    target === undefined ? '-' : `>= ${String(target)}`,
    target === undefined ? 'baseline' : passes(row) ? 'pass' : 'FAIL',
  ]
}

export const STARTUP_HEADER = [
  'contacts',
  'data file MB',
  'start-up ms',
  'RSS ready MiB',
  'RSS warm MiB',
  'peak RSS MiB',
  'other CPU',
]

export function startupCells(result: StartupResult): string[] {
  return [
    result.contacts.toLocaleString('en-US'),
    (result.fileBytes / 1e6).toFixed(1),
    result.startupMs.toFixed(0),
    mib(result.rssReady),
    mib(result.rssWarm),
    mib(result.peakRss),
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
