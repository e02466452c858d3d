// The one renderer of a run's results (results.ts, JSON): tables for the terminal and for
// BENCHMARKS.md, where each goes between its markers; the prose around them is written by hand.
import {
  ALONE,
  DATABASE,
  LOAD,
  runRows,
  STALL,
  STARTUP,
  TARGETS,
  type Column,
} from './render-columns.ts'
import type { BenchResults, Section } from './results.ts'

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
  const { run, rows, stall, baselineStart, searchAlone: alone } = results
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
      tableOf(STARTUP, [...results.startup, ...(baselineStart ? [baselineStart] : [])]),
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
