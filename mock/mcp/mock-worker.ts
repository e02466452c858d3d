// The thread of mock-thread.ts: starts the mock, says where it listens, and on `close` lets it
// finish what it has in flight and save, then ends (exit code 1 if saving failed).
import { parentPort, workerData } from 'node:worker_threads'
import { startMock } from '../process/start-mock.ts'
import type { FromMockThread, MockThreadOptions } from './mock-thread.ts'

const port = parentPort
if (port === null) throw new Error('mock-worker.ts runs in the thread mock-thread.ts starts')
const say = (message: FromMockThread): void => {
  port.postMessage(message)
}

try {
  const mock = await startMock(workerData as MockThreadOptions)
  port.once('message', () => {
    mock.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`contacts-mock mcp: the mock could not save: ${String(error)}\n`)
        process.exit(1)
      },
    )
  })
  say({ kind: 'listening', url: mock.url })
} catch (error) {
  say({ kind: 'failed', message: error instanceof Error ? error.message : String(error) })
  port.close()
}
