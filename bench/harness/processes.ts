// The bench's child processes: Node run to its end (a build, a data file, a loader), or a server
// started, waited for and stopped (the baseline app, the mock as a user starts it); and what /proc
// tells of them (memory, CPU time).
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import {
  closeSync,
  copyFileSync,
  fsyncSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { READY_LINE, waitForReadyLine } from '../../mock/process/ready-line.ts'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

// NODE_OPTIONS from npm or tsx must not change how a child runs.
const childEnv = (): NodeJS.ProcessEnv => ({ ...process.env, NODE_OPTIONS: '' })
const execFileAsync = promisify(execFile)

/** `node ...args` to its end, from the repository unless `cwd`; resolves with its stdout. */
export async function runNode(args: string[], timeoutMs: number, cwd = ROOT): Promise<string> {
  const options = { cwd, env: childEnv(), timeout: timeoutMs }
  return (await execFileAsync(process.execPath, args, options)).stdout
}

export interface ServerProcess {
  pid: number
  url: string
  /** Milliseconds from spawn() to the ready line on stdout. */
  startupMs: number
  /** Bytes it has written to stdout so far: with the request log on, the log's volume. */
  stdoutBytes: () => number
  /**
   * Ends the process and waits for it: SIGTERM (it writes its snapshot), SIGKILL after a grace
   * period; or SIGKILL at once when nothing it would write is wanted.
   */
  stop: (signal?: 'SIGTERM' | 'SIGKILL') => Promise<void>
}

export interface StartOptions {
  /** Arguments after `node`, e.g. ['dist/mock/process/main.js', '--port', '0']. */
  args: string[]
  /** Its first group is the URL; it must match up to the newline, as output comes in chunks. */
  ready: RegExp
  timeoutMs: number
  /** Working folder of the process (default: the repository). */
  cwd?: string
}

// Every child is tracked so that a crash or Ctrl-C of the bench never leaves a server running.
const children = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL')
})

/** Whether the child has exited, or does within `timeoutMs`. */
const exits = (child: ChildProcess, timeoutMs: number): Promise<boolean> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(true)
    : once(child, 'exit', { signal: AbortSignal.timeout(timeoutMs) }).then(
        () => true,
        () => false,
      )

async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  // SIGTERM lets the mock finish its snapshot and --cpu-prof write its profile.
  child.kill(signal)
  if (!(await exits(child, 60_000))) {
    child.kill('SIGKILL')
    await exits(child, 5_000)
  }
  children.delete(child)
}

/** Starts a server as its own process and resolves once it prints its ready line. */
export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const started = performance.now()
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd ?? ROOT,
    env: childEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  child.once('exit', () => children.delete(child))
  // Its output (a request log) is read and dropped, as a terminal would: a pipe nobody reads fills
  // up and would stall the server's log writes. waitForReadyLine's error quotes what it printed.
  let stdoutBytes = 0
  child.stdout.on('data', (chunk: Buffer) => {
    stdoutBytes += chunk.length
  })
  child.stderr.resume()
  const { timeoutMs, ready } = options
  const url = await waitForReadyLine(child, { name: 'The server', timeoutMs, ready })
  const startupMs = performance.now() - started
  if (child.pid === undefined) throw new Error('The server has no pid')
  return {
    pid: child.pid,
    url,
    startupMs,
    stdoutBytes: () => stdoutBytes,
    stop: (signal = 'SIGTERM') => stopChild(child, signal),
  }
}

/** The mock's own flags, as a user passes them; none: the defaults (request log on). */
export const QUIET = ['--quiet']
export const DEFAULTS: string[] = []

/** What the mock serves: a data file made by fixtures/cli.ts, or a database holding the data. */
export type MockData = { dataFile: string } | { store: string }

export interface MockStart {
  /** The compiled package: `dist/mock/process/main.js` in it is what `npx contacts-mock` runs. */
  pkg: { mockEntry: string }
  /** The bench's temporary folder: the mock runs from a folder of its own in it. */
  dir: string
  data: MockData
  contacts: number
  /** The mock's flags besides --port and --db or --store (e.g. QUIET). */
  flags: readonly string[]
  /** Flags of `node` itself (e.g. --cpu-prof). */
  nodeFlags?: readonly string[]
  /** Called once the copy is made, right before the spawn: where start-up readings begin. */
  beforeSpawn?: () => void
}

export interface RunningMock extends ServerProcess {
  /** On a data file, the copy the mock uses: its folder also holds the journal and the lock. */
  dbFile: string | undefined
}

function copyDataFile(source: string, dbFile: string): void {
  copyFileSync(source, dbFile)
  // Written back now rather than by the kernel during the start-up (a gigabyte at 1M contacts):
  // that would compete with the mock and count as someone else's CPU.
  const fd = openSync(dbFile, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/**
 * `node dist/mock/process/main.js --port 0 --db FILE ...flags`, as `npx contacts-mock` runs it, on
 * a fresh copy of the data file; or `--store URL`. Stopping it removes its folder.
 */
export async function startMock(start: MockStart): Promise<RunningMock> {
  // A folder of its own each time: the mock adds to its file, rewrites it when it stops, locks it.
  const dir = mkdtempSync(join(start.dir, 'mock-'))
  const remove = (): void => {
    rmSync(dir, { recursive: true, force: true })
  }
  const { data } = start
  const dbFile = join(dir, 'db.json')
  let server: ServerProcess
  try {
    if ('dataFile' in data) copyDataFile(data.dataFile, dbFile)
    start.beforeSpawn?.()
    server = await startServer({
      args: [
        ...(start.nodeFlags ?? []),
        start.pkg.mockEntry,
        ...['--port', '0', ...('store' in data ? ['--store', data.store] : ['--db', dbFile])],
        ...start.flags,
      ],
      ready: READY_LINE,
      // a million contacts take a while to read, and a busy machine longer; a database holds
      // them already, with nothing to read but the schema version
      timeoutMs: 60_000 + ('dataFile' in data ? start.contacts / 5 : 0),
      cwd: dir,
    })
  } catch (error) {
    remove()
    throw error
  }
  return {
    ...server,
    dbFile: 'dataFile' in data ? dbFile : undefined,
    async stop(signal) {
      try {
        await server.stop(signal)
      } finally {
        remove()
      }
    },
  }
}

/** Jiffies (1/100 s) of all cores from /proc/stat: [busy, total]. */
export function cpuJiffies(): [number, number] {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
  const ticks = line.split(/\s+/).slice(1).filter(Boolean).map(Number)
  const total = ticks.reduce((sum, tick) => sum + tick, 0)
  // idle and iowait are the 4th and 5th numbers
  return [total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total]
}

/** Resident set size now and at its peak (VmHWM), in bytes, from /proc (Linux, as the bench). */
export function readMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8')
  const kib = (field: string): number => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)
    if (!match?.[1]) throw new Error(`/proc/${String(pid)}/status has no ${field}`)
    return Number(match[1]) * 1024
  }
  return { rss: kib('VmRSS'), peak: kib('VmHWM') }
}

function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
  // The command name (field 2) may hold spaces: split what follows its closing parenthesis.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
export function readCpuSeconds(pid: number): number {
  const fields = statFields(pid)
  // utime and stime are fields 14 and 15, in USER_HZ ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/** CPU seconds of a process and its descendants (tsx starts an esbuild service, for one). */
export function readTreeCpuSeconds(root: number): number {
  const parents = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      parents.set(Number(entry), Number(statFields(Number(entry))[1]))
    } catch {
      // the process ended while we looked
    }
  }
  const tree = new Set([root])
  for (let grown = true; grown;) {
    grown = false
    for (const [pid, parent] of parents) {
      if (tree.has(parent) && !tree.has(pid)) {
        tree.add(pid)
        grown = true
      }
    }
  }
  let seconds = 0
  for (const pid of tree) {
    try {
      seconds += readCpuSeconds(pid)
    } catch {
      // ended meanwhile: its time is lost, which only makes "other" look larger
    }
  }
  return seconds
}
