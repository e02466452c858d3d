// Runs the contract suite's CLI against a hostile target and watches it: its output with the time
// each piece arrived, and every process of its tree (the runner, the test process, the test
// files), with the peak memory each reached (VmHWM, read from /proc while it runs: Linux).
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const ROOT_DIR = fileURLToPath(new URL('../../../', import.meta.url))
const CLI = fileURLToPath(new URL('../../cli.ts', import.meta.url))
const WATCH_EVERY_MS = 50

export interface WatchedRun {
  exitCode: number | null
  stdout: string
  stderr: string
  /** When each line of stdout arrived, in ms since the start. */
  lines: { at: number; text: string }[]
  /** Every process of the tree seen while it ran, with its peak resident memory in kB. */
  processes: Map<number, { command: string; peakKb: number }>
}

/** pid → parent pid of every process, from /proc. */
function parents(): Map<number, number> {
  const found = new Map<number, number>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      // The command may hold spaces and parentheses: the fields after its last ')' are fixed.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      found.set(Number(name), ppid)
    } catch {
      // It ended while being read.
    }
  }
  return found
}

/** The processes below `root`, itself included. */
export function processTree(root: number): number[] {
  const byParent = parents()
  const tree = [root]
  // The loop also visits the children it adds: the whole tree, level by level.
  for (const parent of tree) {
    for (const [pid, ppid] of byParent) if (ppid === parent) tree.push(pid)
  }
  return tree
}

/** Still there (a zombie is not: it only waits to be reaped). */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z'
  } catch {
    return false
  }
}

function observe(pid: number, processes: WatchedRun['processes']): void {
  try {
    const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8')
    const peakKb = Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0)
    const command = readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8').replaceAll('\0', ' ')
    const seen = processes.get(pid)
    processes.set(pid, { command, peakKb: Math.max(peakKb, seen?.peakKb ?? 0) })
  } catch {
    // It ended between the listing and the read.
  }
}

export function runWatched(
  args: readonly string[],
  env: Record<string, string>,
): Promise<WatchedRun> {
  const started = performance.now()
  const inherited = Object.entries(process.env).filter(
    ([name]) => !name.startsWith('CONTRACT_') && !name.startsWith('JEST_'),
  )
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: ROOT_DIR,
    env: { ...Object.fromEntries(inherited), ...env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const run: WatchedRun = {
    exitCode: null,
    stdout: '',
    stderr: '',
    lines: [],
    processes: new Map(),
  }
  let partial = ''
  child.stdout.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8')
    run.stdout += text
    const pieces = (partial + text).split('\n')
    partial = pieces.pop() ?? ''
    const at = performance.now() - started
    run.lines.push(...pieces.map((line) => ({ at, text: line })))
  })
  child.stderr.on('data', (chunk: Buffer) => (run.stderr += chunk.toString('utf8')))
  const watch = setInterval(() => {
    if (child.pid !== undefined) {
      for (const pid of processTree(child.pid)) observe(pid, run.processes)
    }
  }, WATCH_EVERY_MS)
  return new Promise((resolve, reject) => {
    child.once('error', (error) => {
      clearInterval(watch)
      reject(error)
    })
    child.once('close', (exitCode) => {
      clearInterval(watch)
      run.exitCode = exitCode
      resolve(run)
    })
  })
}
