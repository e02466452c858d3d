import type { LoadedDatabase } from './postgres-cluster.ts'
import type { QueryAlone } from './postgres-query-alone.ts'
import {
  P99_TARGET_MS,
  SCALE_CREATE_CONNECTIONS,
  SCALE_READ_CONNECTIONS,
} from './postgres-operations.ts'
import { count, percent, type Row } from './report.ts'
import type { ResultSection } from './sections.ts'

const STORES_HEADER = [
  'operation',
  'conns',
  'file req/s',
  'PostgreSQL req/s',
  'PostgreSQL / file',
  'file p50 ms',
  'PostgreSQL p50 ms',
  'file p99 ms',
  'PostgreSQL p99 ms',
  'file: server CPU',
  'PostgreSQL: mock CPU',
  'PostgreSQL: database CPU',
]

const SCALE_HEADER = [
  'operation',
  'contacts',
  'conns',
  'req/s',
  'p50 ms',
  'p99 ms',
  'bytes/resp',
  'mock CPU',
  'database CPU',
  'mock µs/req',
  'database µs/req',
  'loadgen CPU',
  'other CPU',
  'p99 target',
  'result',
]

/** A PostgreSQL row beside the file store's row it was compared with. */
function storesCells(row: Row): string[] {
  const file = row.reference
  if (file === undefined) throw new Error(`${row.name}: no file-store row to compare with`)
  const [f, p] = [file.measurement, row.measurement]
  return [
    file.name,
    String(row.connections),
    f.requestsPerSecond.toFixed(0),
    p.requestsPerSecond.toFixed(0),
    (row.ratio ?? Number.NaN).toFixed(2),
    f.p50Ms.toFixed(2),
    p.p50Ms.toFixed(2),
    f.p99Ms.toFixed(2),
    p.p99Ms.toFixed(2),
    percent(f.serverCores),
    percent(p.serverCores),
    percent(p.databaseCores),
  ]
}

function scaleCells(row: Row): string[] {
  const { measurement: m, p99TargetMs: limit } = row
  return [
    row.name,
    count(row.contacts),
    String(row.connections),
    m.requestsPerSecond.toFixed(0),
    m.p50Ms.toFixed(2),
    m.p99Ms.toFixed(2),
    m.bytesPerResponse.toFixed(0),
    percent(m.serverCores),
    percent(m.databaseCores),
    m.serverCpuUsPerRequest.toFixed(0),
    m.databaseCpuUsPerRequest.toFixed(0),
    percent(m.generatorCores),
    percent(m.otherCores),
    limit === undefined ? '-' : `< ${String(limit)} ms`,
    limit === undefined ? '-' : m.p99Ms < limit ? 'met' : 'MISSED',
  ]
}

function loadNote(database: LoadedDatabase): string {
  return (
    `Loading the ${database.contacts.toLocaleString('en-US')}-contact file into PostgreSQL ` +
    `took ${database.loadSeconds.toFixed(1)} s (openPostgresStore on an empty database, as the ` +
    `mock seeds one: the migrations, then every record, one commit), after ` +
    `${database.readSeconds.toFixed(1)} s reading the file; then VACUUM ANALYZE, ` +
    `${database.vacuumSeconds.toFixed(1)} s.`
  )
}

/** The file store's rows of this run beside PostgreSQL's on the same data. */
export function storesSection(rows: readonly Row[], database: LoadedDatabase): ResultSection {
  return {
    title: `Stores compared (${database.contacts.toLocaleString('en-US')} contacts)`,
    intro:
      'The same requests, connections and flags (the reads `--quiet`, the creates with the ' +
      'defaults) on the same data file, on the file store (`--db`) and on PostgreSQL (`--store`, ' +
      'a database loaded from that file). Both ' +
      "columns come from this one run: the file store's are its rows in the tables above, not " +
      "numbers of an earlier run. Ratio: PostgreSQL's req/s divided by the file store's " +
      '(informative, no target).',
    header: STORES_HEADER,
    cells: rows.filter((row) => row.section === 'stores').map(storesCells),
    notes: [
      'Whether the file store got slower is what its own targets above say: ratios to the ' +
        'minimal Express app and to the raw fdatasync loop, measured in this run.',
      loadNote(database),
    ],
  }
}

function aloneNote(alone: QueryAlone): string {
  if ('notMeasured' in alone) {
    return `The search's query alone, with no mock (pgbench): not measured, ${alone.notMeasured}.`
  }
  const verdict =
    alone.p99Ms < P99_TARGET_MS
      ? `under the ${String(P99_TARGET_MS)} ms target by itself; the mock's row adds its own CPU on the same cores.`
      : `over the ${String(P99_TARGET_MS)} ms target by itself: no mock code on top of this query ` +
        'can meet it at these connections on this machine.'
  return (
    `The search's query alone, with no mock: pgbench sent the SQL the mock sends for this search ` +
    '(`searchQueryFor` in mock/store/postgres/search-queries.ts, extended protocol as node-postgres) at ' +
    `${String(alone.connections)} connections for ${String(alone.seconds)} s, on the database as ` +
    `loaded, before the mock's rows, each query counting ${count(alone.matches)} matches: ` +
    `${alone.perSecond.toFixed(0)} queries/s, p50 ` +
    `${alone.p50Ms.toFixed(2)} ms, p99 ${alone.p99Ms.toFixed(2)} ms, ${verdict}`
  )
}

/** PostgreSQL on the large data file, with the p99 targets. */
export function scaleSection(
  rows: readonly Row[],
  database: LoadedDatabase,
  searchAlone: QueryAlone,
): ResultSection {
  const { contacts } = database
  return {
    title: `PostgreSQL at ${contacts.toLocaleString('en-US')} contacts`,
    intro:
      `Mock \`--store\` with the defaults (request log on) on a database loaded from the ` +
      `${contacts.toLocaleString('en-US')}-contact file: fetch one, list page 3 and search at ` +
      `${String(SCALE_READ_CONNECTIONS)} connections, then durable creates at ` +
      `${String(SCALE_CREATE_CONNECTIONS)}, on one mock. Target: the p99 of list and search ` +
      `under ${String(P99_TARGET_MS)} ms.`,
    header: SCALE_HEADER,
    cells: rows.filter((row) => row.section === 'postgres').map(scaleCells),
    notes: [aloneNote(searchAlone), loadNote(database)],
  }
}
