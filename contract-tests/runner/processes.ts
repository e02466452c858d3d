// Child processes the runner starts: the mock (no --base-url) and Prism's proxy (--via-prism).
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'

export interface Started {
  child: ChildProcess
  url: string
}

const STARTUP_TIMEOUT_MS = 30_000

export interface StartOptions {
  name: string
  args: string[]
  env?: NodeJS.ProcessEnv
  /** Matches the line that says the process is ready; group 1 is its URL. */
  ready: RegExp
}

/** Starts `node <args>` and resolves once a line of its output matches `ready`. */
export function startNodeProcess({ name, args, env, ready }: StartOptions): Promise<Started> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const stopOnExit = (): void => {
    child.kill()
  }
  process.once('exit', stopOnExit)
  child.once('exit', () => process.removeListener('exit', stopOnExit))
  return new Promise((resolve, reject) => {
    let output = ''
    let started = false
    const fail = (reason: string): void => {
      clearTimeout(timer)
      child.kill()
      reject(new Error(`${name} did not start: ${reason}\n${output.slice(-2000)}`))
    }
    const timer = setTimeout(() => {
      fail(`no ready line within ${String(STARTUP_TIMEOUT_MS)} ms`)
    }, STARTUP_TIMEOUT_MS)
    const onData = (chunk: Buffer): void => {
      if (started) return
      output += chunk.toString('utf8')
      const url = ready.exec(output)?.[1]
      if (url === undefined) return
      started = true
      clearTimeout(timer)
      child.removeListener('exit', onExit)
      resolve({ child, url })
    }
    const onExit = (code: number | null): void => {
      fail(`it exited with code ${String(code)}`)
    }
    // Keep reading after start-up, so a chatty process never blocks on a full pipe.
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', onExit)
    child.once('error', (error) => {
      fail(error.message)
    })
  })
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
