import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { waitForReadyLine } from '../mock/process/ready-line.ts'

const MAIN = fileURLToPath(new URL('../mock/process/main.ts', import.meta.url))

export interface MockProcess {
  child: ChildProcess
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string
  /** Resolves with the exit code (or the signal) once the process has ended. */
  exited: Promise<number | string>
}

export interface RunningMock extends MockProcess {
  url: string
}

export interface LaunchOptions {
  /** A file-size limit (`ulimit -f`, in KiB) on the process: its writes past it fail (EFBIG). */
  fileSizeLimitKiB?: number
}

/** Starts `npm start`'s entry point as its own process (tests of the process shell). */
export function launchMock(args: string[], options: LaunchOptions = {}): MockProcess {
  const command = [process.execPath, '--import', 'tsx', MAIN, '--host', '127.0.0.1', ...args]
  const limit = options.fileSizeLimitKiB
  const [file = '', ...rest] =
    limit === undefined
      ? command
      : ['bash', '-c', `ulimit -f ${String(limit)} && exec "$@"`, 'bash', ...command]
  const child = spawn(file, rest, {
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk: Buffer): void => {
    output += chunk.toString('utf8')
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      resolve(code ?? signal ?? 'unknown')
    })
  })
  return { child, output: () => output, exited }
}

/** Starts the mock on a free port and resolves once it listens. */
export async function startMock(
  args: string[],
  timeoutMs = 20_000,
  options: LaunchOptions = {},
): Promise<RunningMock> {
  const mock = launchMock(['--port', '0', ...args], options)
  const url = await waitForReadyLine(mock.child, { name: 'The mock', timeoutMs })
  return { ...mock, url }
}

export interface CommandRun {
  code: number | string
  stdout: string
  stderr: string
}

/** Runs `contacts-mock <args>` (a subcommand such as `pull`) to its end. */
export function runMockCommand(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CommandRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    env: { ...process.env, NODE_OPTIONS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const out = { stdout: '', stderr: '' }
  child.stdout.on('data', (chunk: Buffer) => (out.stdout += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (out.stderr += chunk.toString('utf8')))
  return new Promise((resolve) => {
    child.once('close', (code, signal) => {
      resolve({ code: code ?? signal ?? 'unknown', ...out })
    })
  })
}
