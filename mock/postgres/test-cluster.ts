// A throw-away PostgreSQL cluster for tests and scripts: initdb into a temporary folder, a server
// on a free port (and its socket in that folder), removed again by stop(). Never a system service.
import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDatabase } from './test-databases.ts'

export interface Cluster {
  /** The URL of the cluster's `postgres` database. */
  url: string
  /** A new empty database of the cluster, and its URL. */
  createDatabase: () => Promise<string>
  /** Stops the server at once and removes its folder. */
  stop: () => void
}

export interface ClusterOptions {
  /** Server settings (`-c name=value`); tests turn fsync off, the bench does not. */
  settings?: Record<string, string>
}

/** Where Debian keeps the server's programs (they are not on PATH), the newest version first. */
function binDir(): string {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : []
  const found = versions
    .map((version) => join(root, version, 'bin'))
    .find((dir) => {
      return existsSync(join(dir, 'initdb'))
    })
  if (!found) {
    throw new Error('PostgreSQL is not installed (no initdb): apt-get install postgresql')
  }
  return found
}

/** A program of the server's installation, such as `pgbench` (not on PATH either). */
export const serverProgram = (name: string): string => join(binDir(), name)

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => {
        resolve(port)
      })
    })
  })
}

const isRoot = (): boolean => process.getuid?.() === 0

/** Runs a server program; as root, as the `postgres` user (initdb and postgres refuse root). */
function runAsOwner(program: string, args: string[]): void {
  const [file, rest] = isRoot()
    ? ['runuser', ['-u', 'postgres', '--', program, ...args]]
    : [program, args]
  const result = spawnSync(file, rest, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  if (result.status !== 0) {
    throw new Error(`${program} failed: ${result.stderr || result.stdout || String(result.error)}`)
  }
}

function chownToPostgres(path: string): void {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
  chownSync(path, uid, gid)
}

/** Starts a new cluster; `stop()` it when done (the folder goes with it). */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const bin = binDir()
  const dir = mkdtempSync(join(tmpdir(), 'contacts-pg-'))
  const data = join(dir, 'data')
  if (isRoot()) chownToPostgres(dir)
  const port = await freePort()
  const settings = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: dir,
    max_connections: '200',
    ...options.settings,
  }
  const serverOptions = Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ')
  const stop = (): void => {
    try {
      runAsOwner(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'])
    } catch {
      // not running (a failed start): there is only the folder to remove
    }
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    runAsOwner(join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      // a UTF-8 locale, as most installations have: under C, pg_trgm takes 'ü' for a word break
      '--locale=C.UTF-8',
      '-N',
    ])
    runAsOwner(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-o',
      serverOptions,
      'start',
    ])
  } catch (error) {
    stop()
    throw error
  }
  const url = `postgresql://postgres@127.0.0.1:${String(port)}/postgres`
  return {
    url,
    createDatabase: () => createDatabase(url),
    stop,
  }
}
