// The mock of `contacts-mock mcp`, in a thread of its own (mock-worker.ts). Its modules and its
// fixtures load on one core while the MCP server loads and answers the handshake on the other: in
// one thread they came one after the other, most of the time to the first tool answer. The two
// speak HTTP, as to a mock attached with --url (mock-link.ts); the thread is told only to close.
import { Worker } from 'node:worker_threads'

export interface MockThreadOptions {
  dbFile: string
  host: string
}

/** What the thread says: it listens, or it could not start. */
export type FromMockThread =
  { kind: 'listening'; url: string } | { kind: 'failed'; message: string }

export interface MockThread {
  /** `http://127.0.0.1:PORT`, without a trailing slash. */
  url: string
  /** Lets requests in flight finish, saves, stops the thread. */
  close: () => Promise<void>
}

/** True when this module runs as TypeScript (through tsx): its thread needs tsx too. */
const RUNS_AS_TYPESCRIPT = import.meta.url.endsWith('.ts')
const ENTRY = new URL(`./mock-worker.${RUNS_AS_TYPESCRIPT ? 'ts' : 'js'}`, import.meta.url).href

/**
 * The thread's code: imports its entry, through tsx's own import when the sources are TypeScript
 * (`--import tsx` registers no hooks in a worker thread on Node 20).
 */
const THREAD_CODE = RUNS_AS_TYPESCRIPT
  ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ tsImport }) => tsImport(${JSON.stringify(ENTRY)}, ${JSON.stringify(import.meta.url)}))`
  : `import(${JSON.stringify(ENTRY)})`

/** Resolves once the thread ended, rejects if it ended with a failure. */
function ended(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    worker.once('error', reject)
    worker.once('exit', (code) => {
      if (code === 0) resolve()
      else reject(new Error(`the mock's thread ended with exit code ${String(code)}`))
    })
  })
}

export function startMockThread(options: MockThreadOptions): Promise<MockThread> {
  // stdout is the protocol's alone: what the thread prints goes to stderr
  const worker = new Worker(THREAD_CODE, {
    eval: true,
    workerData: options,
    stdout: true,
  })
  worker.stdout.pipe(process.stderr)
  const end = ended(worker)
  return new Promise((resolve, reject) => {
    end.then(() => {
      reject(new Error('the mock stopped before it listened'))
    }, reject)
    worker.once('message', (message: FromMockThread) => {
      if (message.kind === 'failed') {
        reject(new Error(message.message))
        return
      }
      resolve({
        url: message.url,
        close: async () => {
          worker.postMessage('close')
          await end
        },
      })
    })
  })
}
