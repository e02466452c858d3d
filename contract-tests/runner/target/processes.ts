// Child processes the runner starts: the mock (no --base-url) and Prism's proxy (--via-prism).
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { waitForReadyLine } from '../../../mock/process/ready-line.ts'

export interface Started {
  child: ChildProcess
  url: string
}

const STARTUP_TIMEOUT_MS = 30_000

export interface StartOptions {
  name: string
  args: string[]
  env?: NodeJS.ProcessEnv
  /** Another program's ready line (Prism's); the mock's by default. Group 1 is its URL. */
  ready?: RegExp
}

/** Starts `node <args>` and resolves once a line of its output says it is ready. */
export async function startNodeProcess({ name, args, env, ready }: StartOptions): Promise<Started> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const stopOnExit = (): void => {
    child.kill()
  }
  process.once('exit', stopOnExit)
  child.once('exit', () => process.removeListener('exit', stopOnExit))
  // Keep reading after start-up, so a chatty process never blocks on a full pipe.
  child.stdout.resume()
  child.stderr.resume()
  const url = await waitForReadyLine(child, { name, timeoutMs: STARTUP_TIMEOUT_MS, ready })
  return { child, url }
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve()
    }),
  )
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
  await exited
  clearTimeout(timer)
}

/** A port that was free a moment ago, for tools that cannot listen on port 0 and report it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      server.close(() => {
        resolve(port)
      })
    })
  })
}
