import { describe, expect, test } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { fillRegions, renderText, resultBlocks } from './render.ts'
import type { BenchResults, LoadRow } from '../results/results.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

const row = (fields: Partial<LoadRow> & Pick<LoadRow, 'id' | 'section' | 'label'>): LoadRow => ({
  connections: 10,
  requestsPerSecond: 1000,
  p50Ms: 1,
  p99Ms: 2,
  serverCores: 1,
  otherCores: 0,
  ...fields,
})

/** A small run: a few rows of each kind, no stores compared, the query alone not measured. */
const FIXTURE: BenchResults = {
  rows: [
    row({ id: 'baseline', section: 'express', label: 'baseline', requestsPerSecond: 18190 }),
    row({
      id: 'fetch',
      section: 'express',
      label: 'fetch one',
      contacts: 10_000,
      requestsPerSecond: 57756,
      reference: 'baseline',
      ratio: 3.18,
      target: 1,
      met: true,
    }),
    row({ id: 'fetch-log', section: 'express', label: 'logged', stdoutBytesPerRequest: 186 }),
    row({ id: 'reads', section: 'mixed', label: 'mix without writes', connections: 16 }),
    row({
      id: 'writes',
      section: 'mixed',
      label: 'mix with writes',
      connections: 16,
      reference: 'reads',
      ratio: 0.73,
      roundRatios: [0.68, 0.76, 0.73],
      target: 0.8,
      met: false,
    }),
    row({ id: 'raw', section: 'durable', label: 'raw loop', connections: 1 }),
    row({ id: 'create-32', section: 'durable', label: 'create', ratio: 2.56, syncLoopRatio: 2.08 }),
    row({
      id: 'pg-list',
      section: 'postgres',
      label: 'PostgreSQL: list',
      databaseCores: 0.54,
      p99Ms: 8.21,
      p99TargetMs: 50,
      met: true,
    }),
  ],
  startup: [],
  databases: [
    { section: 'postgres', contacts: 1e6, readSeconds: 5.9, loadSeconds: 94.2, vacuumSeconds: 1.7 },
  ],
  searchAlone: { notMeasured: 'this machine has no pgbench' },
  targets: [
    { label: 'fetch one, against baseline', value: 3.18, unit: 'x', limit: 1, met: true },
    { label: 'RSS when ready', value: 305e6, unit: 'bytes', limit: 350e6, met: false },
  ],
  problems: [],
}

const region = (name: string): string =>
  `Intro of ${name}.\n\n<!-- results:${name}:start -->\nold\n<!-- results:${name}:end -->`
const MARKDOWN = (names: string[]): string =>
  ['# Title', ...names.map(region), 'Closing words.'].join('\n\n')
const NAMES = resultBlocks(FIXTURE).map((block) => block.name)

/** The table lines (`| ... |`) of the part titled `title` in the terminal's text. */
function partLines(text: string, title: string): string[] {
  const part = text.split(/\n\n(?=[^|\n][^\n]*:\n)/).find((chunk) => chunk.startsWith(`${title}:`))
  return (part ?? '').split('\n').filter((line) => line.startsWith('|'))
}

const cellsOf = (line: string | undefined): string[] =>
  (line ?? '')
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim())

describe('renderText', () => {
  test('When a results file is rendered, then each row shows its figures, ratio and verdict', () => {
    // Act
    const text = renderText(FIXTURE)

    // Assert
    const express = partLines(text, 'Against the minimal Express app')
    expect(cellsOf(express[0]).join('|')).toBe(
      'operation|contacts|conns|req/s|p50 ms|p99 ms|log B/req|server CPU|other CPU|ratio|target|result',
    )
    expect(cellsOf(express[3]).join('|')).toBe(
      'fetch one|10,000|10|57756|1.00|2.00|-|100%|0%|3.18|>= 1.0x|met',
    )
    expect(cellsOf(express[4])[6]).toBe('186')
    const mixed = partLines(text, 'Mixed workload')
    expect(cellsOf(mixed[3]).slice(-3).join('|')).toBe(
      '0.73 (rounds: 0.68, 0.76, 0.73)|>= 0.8x|MISSED',
    )
    expect(cellsOf(partLines(text, 'Durable creates')[3])).toContain('2.56 (sync loop: 2.08)')
    const targets = partLines(text, 'Targets').slice(2).map(cellsOf)
    expect(targets).toEqual([
      ['fetch one, against baseline', '3.18x', 'at least 1.0x', 'met'],
      ['RSS when ready', '305 MB', 'under 350 MB', 'MISSED'],
    ])
  })

  test('When a figure applies to no row of a table, then that column is left out', () => {
    // Act
    const text = renderText(FIXTURE)

    // Assert
    expect(cellsOf(partLines(text, 'Against the minimal Express app')[0])).not.toContain(
      'database CPU',
    )
    const scale = partLines(text, 'PostgreSQL at scale')
    expect(cellsOf(scale[0])).toContain('database CPU')
    expect(cellsOf(scale[2]).slice(-2)).toEqual(['p99 < 50 ms', 'met'])
  })

  test('When a part was not measured, then the terminal leaves it out; the query alone says why', () => {
    // Act
    const text = renderText(FIXTURE)

    // Assert
    for (const title of [
      'Run',
      'Stores compared',
      'Stall during sustained writes',
      'Start-up and memory',
    ]) {
      expect(text).not.toContain(`${title}:`)
    }
    const alone = partLines(text, 'PostgreSQL at scale').map(cellsOf)
    expect(alone).toContainEqual(['not measured: this machine has no pgbench'])
  })
})

describe('fillRegions', () => {
  test('When the regions are filled, then the text around them stays and a second fill changes nothing', () => {
    // Arrange
    const markdown = MARKDOWN(NAMES)

    // Act
    const filled = fillRegions(markdown, FIXTURE)

    // Assert
    expect(filled).not.toContain('\nold\n')
    expect(filled.replace(/:start -->[\s\S]*?<!--/g, ':start -->\nold\n<!--')).toBe(markdown)
    expect(filled).toContain('<!-- results:stores:start -->\n\nNot measured in this run.\n\n')
    expect(filled).toContain('| mix with writes ')
    expect(fillRegions(filled, FIXTURE)).toBe(filled)
  })

  test('When a region is missing or one is unknown, then filling fails and names the missing one', () => {
    // Arrange
    const missing = MARKDOWN(NAMES.filter((name) => name !== 'stall'))
    const unknown = MARKDOWN([...NAMES, 'extra'])

    // Act
    const fillMissing = () => fillRegions(missing, FIXTURE)
    const fillUnknown = () => fillRegions(unknown, FIXTURE)

    // Assert
    expect(fillMissing).toThrow(/missing: stall/)
    expect(fillUnknown).toThrow(/10 regions for 9 parts/)
  })

  test('When BENCHMARKS.md is filled from bench/results.json, then it is unchanged: its tables are that file', async () => {
    // Arrange
    const path = `${ROOT}BENCHMARKS.md`
    const markdown = readFileSync(path, 'utf8')
    const results = JSON.parse(readFileSync(`${ROOT}bench/results.json`, 'utf8')) as BenchResults

    // Act
    const filled = fillRegions(markdown, results)

    // Assert
    const config = (await resolveConfig(path)) ?? {}
    expect(await format(filled, { ...config, filepath: path })).toBe(markdown)
  })
})
