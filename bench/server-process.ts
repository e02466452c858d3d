import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { waitForReadyLine } from '../mock/process/ready-line.ts'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))

export interface ServerProcess {
  child: ChildProcess
  pid: number
  url: string
  /** Milliseconds from spawn() to the ready line on stdout. */
  startupMs: number
  /** The start of its output (stdout and stderr), for error messages. */
  output: () => string
  /** Bytes it has written to stdout so far: with the request log on, the log's volume. */
  stdoutBytes: () => number
  /**
   * Ends the process and waits for it: SIGTERM (it writes its snapshot), SIGKILL after a grace
   * period; or SIGKILL at once when nothing it would write is wanted.
   */
  stop: (signal?: 'SIGTERM' | 'SIGKILL') => Promise<void>
}

export interface StartOptions {
  /** Arguments after `node`, e.g. ['--import', 'tsx', 'mock/process/main.ts', ...]. */
  args: string[]
  /** Its first group is the URL; it must match up to the newline, as output comes in chunks. */
  ready: RegExp
  timeoutMs: number
  /** Working folder of the process (default: the repository). */
  cwd?: string
}

// The output kept for error messages; the rest (a request log) is read and dropped, as a terminal
// would: a pipe nobody reads fills up and would stall the server's log writes.
const KEPT_OUTPUT = 64 * 1024

// Every child is tracked so that a crash or Ctrl-C of the bench never leaves a server running.
const children = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL')
})

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      resolve(false)
    }, timeoutMs)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  // SIGTERM lets the mock finish its snapshot and --cpu-prof write its profile.
  child.kill(signal)
  if (!(await waitForExit(child, 60_000))) {
    child.kill('SIGKILL')
    await waitForExit(child, 5_000)
  }
  children.delete(child)
}

/** Starts a server as its own process and resolves once it prints its ready line. */
export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const started = performance.now()
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd ?? ROOT,
    // NODE_OPTIONS from npm or tsx must not change how the server runs.
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.add(child)
  child.once('exit', () => children.delete(child))
  let output = ''
  let stdoutBytes = 0
  const keep = (chunk: Buffer): void => {
    if (output.length < KEPT_OUTPUT) output += chunk.toString('utf8')
  }
  child.stdout.on('data', (chunk: Buffer) => {
    stdoutBytes += chunk.length
    keep(chunk)
  })
  child.stderr.on('data', keep)
  const { timeoutMs, ready } = options
  const url = await waitForReadyLine(child, { name: 'The server', timeoutMs, ready })
  const startupMs = performance.now() - started
  if (child.pid === undefined) throw new Error('The server has no pid')
  return {
    child,
    pid: child.pid,
    url,
    startupMs,
    output: () => output,
    stdoutBytes: () => stdoutBytes,
    stop: (signal = 'SIGTERM') => stopChild(child, signal),
  }
}

export interface Memory {
  /** Resident set size now, in bytes. */
  rss: number
  /** Peak resident set size so far (VmHWM), in bytes. */
  peak: number
}

/** Reads the memory of a process from /proc (Linux only, as the bench machine is). */
export function readMemory(pid: number): Memory {
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
