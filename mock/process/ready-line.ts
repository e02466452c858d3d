// How whoever starts the mock as a process knows it serves: the banner's first line. The contract
// runner, the bench, the package test and the tests all wait for it through waitForReadyLine.
import type { ChildProcess } from 'node:child_process'

/** The banner's first line; group 1 is the URL. It must end in a newline: output comes in chunks. */
export const READY_LINE = /Mock listening on (http:\/\/\S+)\r?\n/

export const readyLineOf = (url: string): string => `Mock listening on ${url}`

export interface ReadyOptions {
  /** Named in the error: "The bundled mock did not start: …". */
  name: string
  timeoutMs: number
  /** Another program's ready line (Prism's, a baseline server's); group 1 is the URL. */
  ready?: RegExp
}

/**
 * Resolves with the URL once the child's stdout or stderr prints its ready line; rejects (the
 * error ends with the output so far) when it exits, cannot be spawned, or takes longer than
 * `timeoutMs`. The child is killed on a rejection. The caller keeps reading the output after the
 * start, so that a chatty process never blocks on a full pipe.
 */
export function waitForReadyLine(child: ChildProcess, options: ReadyOptions): Promise<string> {
  const ready = options.ready ?? READY_LINE
  return new Promise((resolve, reject) => {
    let output = ''
    const stop = (): void => {
      clearTimeout(timer)
      child.stdout?.off('data', onData)
      child.stderr?.off('data', onData)
      child.off('exit', onExit)
      child.off('error', onError)
    }
    const fail = (reason: string): void => {
      stop()
      child.kill('SIGKILL')
      reject(new Error(`${options.name} did not start: ${reason}\n${output.slice(-4000)}`))
    }
    const onData = (chunk: Buffer): void => {
      output += chunk.toString('utf8')
      const url = ready.exec(output)?.[1]
      if (url === undefined) return
      stop()
      resolve(url)
    }
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
      fail(`it exited (${String(code ?? signal)})`)
    }
    const onError = (error: Error): void => {
      fail(error.message)
    }
    const timer = setTimeout(() => {
      fail(`no ready line within ${String(options.timeoutMs)} ms`)
    }, options.timeoutMs)
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', onExit)
    child.once('error', onError)
  })
}
