// Loads a data file into an empty PostgreSQL database as the mock seeds one (openPostgresStore),
// then VACUUM ANALYZE; prints its timings as one JSON line. cluster.ts runs it as a
// process of its own: a million records take gigabytes of heap that the bench process would keep,
// and this process gets a larger young generation, which halves the time spent collecting them.
import { Client } from 'pg'
import { openPostgresStore } from '../../mock/store/postgres/open-postgres.ts'
import { SnapshotFile } from '../../mock/store/memory/disk/snapshot-file.ts'
import type { DatabaseLoad } from '../results/results.ts'

/** What the loading process prints, in seconds. */
export type LoadTimes = Omit<DatabaseLoad, 'section' | 'contacts'>

const seconds = (since: number): number => (performance.now() - since) / 1000

async function loadDataFile(dataFile: string, database: string): Promise<LoadTimes> {
  let started = performance.now()
  const data = await new SnapshotFile(dataFile).read()
  if (!data) throw new Error(`${dataFile} is missing`)
  const readSeconds = seconds(started)
  started = performance.now()
  const store = await openPostgresStore(database, () => data)
  await store.close()
  const loadSeconds = seconds(started)
  // Autovacuum would otherwise start on the new rows in the middle of a measured row, and the
  // planner would work without statistics until then: a database in use has had both.
  started = performance.now()
  const client = new Client({ connectionString: database })
  await client.connect()
  try {
    await client.query('VACUUM (ANALYZE)')
  } finally {
    await client.end()
  }
  return { readSeconds, loadSeconds, vacuumSeconds: seconds(started) }
}

const [dataFile, database] = process.argv.slice(2)
if (dataFile === undefined || database === undefined) {
  process.stderr.write('usage: load-process.ts DATA_FILE DATABASE_URL\n')
  process.exitCode = 2
} else {
  process.stdout.write(`${JSON.stringify(await loadDataFile(dataFile, database))}\n`)
}
