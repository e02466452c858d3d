// The one renderer of a run's results (results/results.ts, JSON): tables for the terminal and for
// BENCHMARKS.md, where each goes between its markers; the prose around them is written by hand.
// Each table's columns: a header, and how a cell is written from the results' JSON.
import type { Machine } from '../harness/machine.ts'
import type {
  BenchResults,
  DatabaseLoad,
  LoadRow,
  MeasuredAlone,
  RunInfo,
  StallResult,
  StartupResult,
  TargetResult,
} from '../results/results.ts'

type Column<T> = readonly [header: string, cell: (item: T) => string]

const fixed = (digits: number) => (value: number) => value.toFixed(digits)
const percent = (cores: number): string => `${(cores * 100).toFixed(0)}%`
const mb = (bytes: number): string => (bytes / 1e6).toFixed(0)
/** 306 MB, 67.5 kB */
const bytesText = (bytes: number): string =>
  bytes < 1e6 ? `${(bytes / 1e3).toFixed(1)} kB` : `${mb(bytes)} MB`
const count = (value: number): string => value.toLocaleString('en-US')
/** '-' for a figure that does not apply or was not recorded. */
const or = <T>(value: T | undefined, write: (value: T) => string, none = '-'): string =>
  value === undefined ? none : write(value)
/** '-' also for a zero: a cost that the row does not have (no database, no request log). */
const some = (value: number | undefined, write: (value: number) => string): string =>
  value ? write(value) : '-'
const verdict = (met: boolean): string => (met ? 'met' : 'MISSED')
/** 1.0x, 1.5x, 0.8x, 0.45x */
const times = (ratio: number): string =>
  `${Number.isInteger(ratio) ? ratio.toFixed(1) : String(ratio)}x`

function ratioCell(row: LoadRow): string {
  if (row.ratio === undefined) return '-'
  const rounds = row.roundRatios ? ` (rounds: ${row.roundRatios.map(fixed(2)).join(', ')})` : ''
  const sync =
    row.syncLoopRatio === undefined ? '' : ` (sync loop: ${row.syncLoopRatio.toFixed(2)})`
  return `${row.ratio.toFixed(2)}${rounds}${sync}`
}

const targetCell = ({ target, p99TargetMs }: LoadRow): string =>
  target === undefined
    ? or(p99TargetMs, (limit) => `p99 < ${String(limit)} ms`)
    : `>= ${times(target)}`

/** Every table of loads, file store and PostgreSQL. */
const LOAD: Column<LoadRow>[] = [
  ['operation', (row) => row.label],
  ['contacts', (row) => or(row.contacts, count)],
  ['conns', (row) => String(row.connections)],
  ['req/s', (row) => row.requestsPerSecond.toFixed(0)],
  ['p50 ms', (row) => row.p50Ms.toFixed(2)],
  ['p99 ms', (row) => row.p99Ms.toFixed(2)],
  ['bytes/resp', (row) => or(row.bytesPerResponse, fixed(0))],
  ['log B/req', (row) => some(row.stdoutBytesPerRequest, fixed(0))],
  ['server CPU', (row) => percent(row.serverCores)],
  ['CPU µs/req', (row) => or(row.serverCpuUsPerRequest, fixed(0))],
  ['database CPU', (row) => some(row.databaseCores, percent)],
  ['database µs/req', (row) => some(row.databaseCpuUsPerRequest, fixed(0))],
  ['loadgen CPU', (row) => or(row.generatorCores, percent)],
  ['other CPU', (row) => or(row.otherCores, percent)],
  ['ratio', ratioCell],
  ['target', targetCell],
  ['result', (row) => or(row.met, verdict)],
]

const spans = (seconds: number[]): string =>
  seconds.length === 0 ? '0' : `${String(seconds.length)} (${seconds.map(fixed(1)).join(', ')})`

const STALL: Column<StallResult>[] = [
  ['contacts', (stall) => count(stall.contacts)],
  ['create conns', (stall) => String(stall.connections)],
  ['probed s', (stall) => stall.seconds.toFixed(1)],
  ['creates/s', (stall) => stall.createsPerSecond.toFixed(0)],
  ['snapshots (s each)', (stall) => spans(stall.snapshotSeconds)],
  ['probes', (stall) => String(stall.probes)],
  ['max ms', (stall) => stall.maxMs.toFixed(1)],
  ['p99 ms', (stall) => stall.p99Ms.toFixed(1)],
  ['max in snapshot ms', (stall) => stall.maxDuringSnapshotMs.toFixed(1)],
  ['max outside ms', (stall) => stall.maxOutsideSnapshotMs.toFixed(1)],
  ['bench loop max ms', (stall) => stall.benchLoopMaxMs.toFixed(1)],
  ['server CPU', (stall) => percent(stall.serverCores)],
  ['other CPU', (stall) => percent(stall.otherCores)],
]

/** A start of the mock on a data file, of its MCP server, or of the baseline app (no data). */
type Start = Partial<StartupResult> &
  Pick<StartupResult, 'samples' | 'startupMs' | 'rssReady'> & { server?: string }

const STARTUP: Column<Start>[] = [
  [
    'server',
    (start) =>
      start.server ??
      or(start.contacts, (n) => `mock, ${count(n)} contacts`, 'baseline app, no data'),
  ],
  ['data file MB', (start) => or(start.fileBytes, mb)],
  ['samples', (start) => String(start.samples)],
  ['start-up ms', (start) => start.startupMs.toFixed(0)],
  ['RSS ready MB', (start) => mb(start.rssReady)],
  ['RSS warm MB', (start) => or(start.rssWarm, mb)],
  ['peak RSS MB', (start) => or(start.peakRss, mb)],
  ['other CPU', (start) => or(start.otherCores, percent)],
]

const DATABASE: Column<DatabaseLoad>[] = [
  ['loaded into PostgreSQL', (load) => `the ${count(load.contacts)}-contact file`],
  ['reading s', (load) => load.readSeconds.toFixed(1)],
  ['loading s', (load) => load.loadSeconds.toFixed(1)],
  ['VACUUM ANALYZE s', (load) => load.vacuumSeconds.toFixed(1)],
]

/** The search's query alone, or why it was not measured (in `query`). */
const ALONE: Column<Partial<MeasuredAlone> & { query: string }>[] = [
  ['query alone (pgbench, no mock)', (alone) => alone.query],
  ['matches', (alone) => or(alone.matches, count)],
  ['conns', (alone) => or(alone.connections, String)],
  ['seconds', (alone) => or(alone.seconds, String)],
  ['queries/s', (alone) => or(alone.perSecond, fixed(0))],
  ['p50 ms', (alone) => or(alone.p50Ms, fixed(2))],
  ['p99 ms', (alone) => or(alone.p99Ms, fixed(2))],
]

const limitText = (limit: number, unit: TargetResult['unit']): string =>
  unit === 'x'
    ? `at least ${times(limit)}`
    : `under ${unit === 'ms' ? `${String(limit)} ms` : bytesText(limit)}`

function measuredText({ value, unit }: TargetResult): string {
  if (unit === 'x') return `${value.toFixed(2)}x`
  return unit === 'ms' ? `${value.toFixed(value < 100 ? 1 : 0)} ms` : bytesText(value)
}

const TARGETS: Column<TargetResult>[] = [
  ['target', (target) => target.label],
  ['measured', measuredText],
  ['limit', ({ limit, unit }) => limitText(limit, unit)],
  ['result', (target) => verdict(target.met)],
]

export const machineRows = (machine: Machine): [string, string][] => [
  ['CPU', `${String(machine.cpuCount)} × ${machine.cpuModel}`],
  ['memory', `${machine.totalMemoryGiB.toFixed(1)} GiB`],
  ['Node', machine.node],
  ['kernel', machine.kernel],
  ['data files on', machine.dataFilesystem],
  ['append + fdatasync there, median ms', machine.fdatasyncMs.toFixed(2)],
  ['CPU busy in the 2 s before the run', percent(machine.busyBefore)],
]

const runRows = (run: RunInfo): [string, string][] => [
  ['date', run.date],
  ['mode', run.quick ? '--quick: a smoke run, not a measurement to quote' : 'full'],
  ...machineRows(run.machine),
  ['the mock', run.skipBuild ? '`dist/` as found (--skip-build)' : '`npm run build` at the start'],
  ['PostgreSQL', run.postgres],
  [
    'versions',
    Object.entries(run.versions)
      .map((entry) => entry.join(' '))
      .join(', '),
  ],
  [
    'warm-up, then measured, per row',
    `${String(run.warmupSeconds)} s, ${String(run.durationSeconds)} s`,
  ],
  ['search term', `"${run.searchTerm}"`],
  ['whole bench run', `${(run.totalSeconds / 60).toFixed(1)} minutes`],
]

type Section = LoadRow['section']

export interface Table {
  header: string[]
  cells: string[][]
  /** How many columns, from the first, are text (left-aligned); the others are figures. */
  textColumns: number
}

/** A table of `items` without the columns that are '-' in every row; none without items. */
function tableOf<T>(columns: readonly Column<T>[], items: readonly T[], textColumns = 1): Table[] {
  if (items.length === 0) return []
  const cells = items.map((item) => columns.map(([, cell]) => cell(item)))
  const kept = [...columns.keys()].filter((index) => cells.some((row) => row[index] !== '-'))
  const header = kept.map((index) => columns[index]?.[0] ?? '')
  return [{ header, cells: cells.map((row) => kept.map((index) => row[index] ?? '')), textColumns }]
}

const PAIRS: Column<[string, string]>[] = [
  ['latest run', ([name]) => name],
  ['', ([, value]) => value],
]

const LOADS: [Section, string][] = [
  ['express', 'Against the minimal Express app'],
  ['mixed', 'Mixed workload'],
  ['durable', 'Durable creates'],
  ['stores', 'Stores compared'],
]

/** A part of the results: its region of BENCHMARKS.md, its title on the terminal, its tables. */
export interface Block {
  name: string
  title: string
  tables: Table[]
}

const block = (name: string, title: string, ...tables: Table[][]): Block => ({
  name,
  title,
  tables: tables.flat(),
})

export function resultBlocks(results: BenchResults): Block[] {
  const { run, rows, stall, mcpStartup, baselineStart, searchAlone: alone } = results
  const of = (section: Section) => rows.filter((row) => row.section === section)
  const loads = (section: Section) => results.databases.filter((load) => load.section === section)
  const query =
    alone && ('notMeasured' in alone ? `not measured: ${alone.notMeasured}` : "the search's SQL")
  return [
    block('run', 'Run', tableOf(PAIRS, run ? runRows(run) : [], 2)),
    block('targets', 'Targets', tableOf(TARGETS, results.targets)),
    ...LOADS.map(([name, title]) =>
      block(name, title, tableOf(LOAD, of(name)), tableOf(DATABASE, loads(name))),
    ),
    block('stall', 'Stall during sustained writes', tableOf(STALL, stall ? [stall] : [])),
    block(
      'startup',
      'Start-up and memory',
      tableOf(STARTUP, [
        ...results.startup,
        ...(mcpStartup ? [mcpStartup] : []),
        ...(baselineStart ? [baselineStart] : []),
      ]),
    ),
    block(
      'postgres',
      'PostgreSQL at scale',
      tableOf(LOAD, of('postgres')),
      tableOf(ALONE, alone && query ? [{ ...alone, query }] : []),
      tableOf(DATABASE, loads('postgres')),
    ),
  ]
}

/** A Markdown table aligned as prettier aligns it: the terminal shows it as it is. */
export function tableText({ header, cells, textColumns }: Table): string {
  const widths = header.map((title, column) =>
    Math.max(3, title.length, ...cells.map((row) => (row[column] ?? '').length)),
  )
  const line = (row: string[]): string => {
    const padded = widths.map((width, column) => {
      const cell = row[column] ?? ''
      return column < textColumns ? cell.padEnd(width) : cell.padStart(width)
    })
    return `| ${padded.join(' | ')} |`
  }
  const dashes = widths.map((width, column) => {
    const rule = '-'.repeat(width - 1)
    return column < textColumns ? `:${rule}` : `${rule}:`
  })
  return [line(header), `| ${dashes.join(' | ')} |`, ...cells.map(line)].join('\n')
}

/** The results as the terminal shows them: each part that has a table, with its title. */
export function renderText(results: BenchResults): string {
  return resultBlocks(results)
    .filter((block) => block.tables.length > 0)
    .map((block) => [`${block.title}:`, ...block.tables.map(tableText)].join('\n\n'))
    .join('\n\n')
}

const region = (name: string): RegExp =>
  new RegExp(`(<!-- results:${name}:start -->)[\\s\\S]*?(<!-- results:${name}:end -->)`)

/**
 * BENCHMARKS.md with each region (`<!-- results:NAME:start -->` to `<!-- results:NAME:end -->`)
 * holding its tables; a region missing, or one more, is an error: no table is dropped unseen.
 */
export function fillRegions(markdown: string, results: BenchResults): string {
  const blocks = resultBlocks(results)
  const missing = blocks.filter((block) => !region(block.name).test(markdown))
  const regions = markdown.match(/<!-- results:\S+:start -->/g)?.length ?? 0
  if (missing.length > 0 || regions !== blocks.length) {
    const names = missing.map((block) => block.name).join(', ') || 'none'
    throw new Error(
      `BENCHMARKS.md: ${String(regions)} regions for ${String(blocks.length)} parts; missing: ${names}`,
    )
  }
  return blocks.reduce((text, block) => {
    const body = block.tables.map(tableText).join('\n\n') || 'Not measured in this run.'
    return text.replace(
      region(block.name),
      (_, start: string, end: string) => `${start}\n\n${body}\n\n${end}`,
    )
  }, markdown)
}
