// npm run bench:postgres: the mock on PostgreSQL (a throw-away cluster, fsync on) on the same
// requests as `npm run bench` on the data file: fetch one, list page 3, search, durable create.
// At 1M contacts (the default; --quick: 10k) the list page and the search must stay under 50 ms
// at p99 with 16 connections. Run it on a quiet machine: the numbers of a busy one mean little.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { SnapshotFile } from '../mock/snapshot-file.ts'
import { openPostgresStore } from '../mock/postgres/open-postgres.ts'
import { startCluster } from '../mock/postgres/test-cluster.ts'
import { startMock } from '../mock/spawn-mock.ts'
import { makeDataFile, readWorkload } from './data-files.ts'
import { measure, problemsOf, type Measurement } from './measure.ts'
import {
  CREATE_ONE,
  fetchOne,
  LIST_PAGE,
  listedIds,
  probe,
  searchFor,
  type CheckedRequest,
} from './requests.ts'

const P99_TARGET_MS = 50
const log = (line: string): void => {
  process.stderr.write(`${line}\n`)
}

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    contacts: { type: 'string' },
    duration: { type: 'string' },
    dir: { type: 'string' },
  },
})
const contacts = Number(values.contacts ?? (values.quick ? 10_000 : 1_000_000))
const durationSeconds = Number(values.duration ?? (values.quick ? 3 : 8))
const dir = mkdtempSync(join(values.dir ?? tmpdir(), 'bench-pg-'))

interface Row {
  name: string
  connections: number
  measured: Measurement
  target?: number
}

function line({ name, connections, measured, target }: Row): string {
  const verdict =
    target === undefined ? '' : measured.p99Ms < target ? `  ok (< ${String(target)})` : '  OVER'
  return (
    `${name.padEnd(34)} ${String(connections).padStart(3)} conn  ` +
    `${measured.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${measured.p50Ms.toFixed(1)} ms` +
    `  p99 ${measured.p99Ms.toFixed(1)} ms${verdict}`
  )
}

// synchronous_commit stays on: a create is answered once its commit is on disk
const cluster = await startCluster({ settings: { shared_buffers: '256MB' } })
try {
  log(`Making a data file with ${contacts.toLocaleString('en-US')} contacts…`)
  const file = await makeDataFile(dir, contacts)
  const workload = await readWorkload(file)
  const data = await new SnapshotFile(file).read()
  if (!data) throw new Error(`${file} is missing`)
  const database = await cluster.createDatabase()
  const seeding = performance.now()
  const seeded = await openPostgresStore(database, () => data)
  await seeded.close()
  log(`Loaded into PostgreSQL in ${((performance.now() - seeding) / 1000).toFixed(1)} s`)
  const mock = await startMock(['--store', database, '--quiet', '--no-faults'], 120_000)
  try {
    const url = mock.url
    const ids = await listedIds(url)
    const context = { ids, searchTerm: workload.searchTerm, searchMatches: workload.searchMatches }
    const runs: [string, number, CheckedRequest, number?][] = [
      ['fetch one contact', 16, fetchOne(ids.slice(0, 1))],
      ['list page 3, limit 20', 16, LIST_PAGE, P99_TARGET_MS],
      [`search "${workload.searchTerm}"`, 16, searchFor(context), P99_TARGET_MS],
      ['durable create', 32, CREATE_ONE],
    ]
    const rows: Row[] = []
    const problems: string[] = []
    for (const [name, connections, request, target] of runs) {
      await probe(url, request)
      const load = { url, requests: [request.spec], connections, serverPid: mock.child.pid ?? 0 }
      await measure({ ...load, durationSeconds: 1 })
      const measured = await measure({ ...load, durationSeconds })
      const row: Row = { name, connections, measured, ...(target !== undefined && { target }) }
      rows.push(row)
      problems.push(...problemsOf(name, measured))
      log(line(row))
    }
    process.stdout.write(
      [
        `PostgreSQL store, ${contacts.toLocaleString('en-US')} contacts, ${String(durationSeconds)} s per operation:`,
        ...rows.map(line),
        ...problems.map((problem) => `PROBLEM ${problem}`),
        '',
      ].join('\n'),
    )
    const over = rows.some((row) => row.target !== undefined && row.measured.p99Ms >= row.target)
    process.exitCode = problems.length > 0 || over ? 1 : 0
  } finally {
    mock.child.kill('SIGTERM')
    await mock.exited
  }
} finally {
  cluster.stop()
  rmSync(dir, { recursive: true, force: true })
}
