// The createMockFetch row: the fetch function answering in-process, against the HTTP server's
// fetch one contact of the same run (the mock's `fetch` row, on the same data file), target 3x.
// Its load runs in a process of its own (mock-fetch-load.ts), as compiled JavaScript.
import { execFile } from 'node:child_process'
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import ts from 'typescript'
import { ALICE } from '../fixtures/identities.ts'
import { DISTURBED_CORES, type Measurement } from './measure.ts'
import { CONTACTS_PATH } from './requests.ts'
import { ROOT } from './server-process.ts'
import type { Measured, StepInputs } from './steps.ts'
import { describeMeasurement } from './throughput.ts'

const run = promisify(execFile)
const ATTEMPTS = 3
export const MOCK_FETCH_ID = 'mock-fetch'

interface LoadOutput {
  requests: number
  elapsedSeconds: number
  cpuSeconds: number
  machineBusySeconds: number
  p50Ms: number
  p99Ms: number
  bytesPerResponse: number
  non2xx: number
}

/** The load script as JavaScript beside the compiled package. */
function compileLoad(root: string): string {
  const source = readFileSync(join(ROOT, 'bench', 'mock-fetch-load.ts'), 'utf8')
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  })
  const entry = join(root, 'mock-fetch-load.mjs')
  writeFileSync(entry, outputText)
  return entry
}

function measurementOf(output: LoadOutput): Measurement {
  const { requests, elapsedSeconds: elapsed, cpuSeconds } = output
  return {
    requestsPerSecond: requests / elapsed,
    p50Ms: output.p50Ms,
    p99Ms: output.p99Ms,
    requests,
    bytesPerResponse: output.bytesPerResponse,
    errors: 0,
    timeouts: 0,
    non2xx: output.non2xx,
    statusCodes: { '200': requests - output.non2xx },
    // the caller and the mock are one process: its CPU is the row's "server"
    serverCores: cpuSeconds / elapsed,
    generatorCores: 0,
    databaseCores: 0,
    otherCores: Math.max(0, output.machineBusySeconds - cpuSeconds) / elapsed,
    serverCpuUsPerRequest: requests === 0 ? 0 : (cpuSeconds * 1e6) / requests,
    databaseCpuUsPerRequest: 0,
  }
}

/** One caller of createMockFetch fetching one contact, taken again (3 times at most) if disturbed. */
export async function measureMockFetch(inputs: StepInputs): Promise<Measured> {
  const { settings, workloadContacts: contacts, pkg, dir, workload } = inputs
  settings.log('createMockFetch (contacts-mock-kit/fetch, in-process, one caller):')
  const script = compileLoad(pkg.root)
  const source = await inputs.files.get(contacts)
  const { id } = workload.contact
  let measurement: Measurement | undefined
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    // a fresh copy each time, in a folder of its own: the lock, the journal, the snapshot
    const folder = mkdtempSync(join(dir, 'mock-fetch-'))
    const dbFile = join(folder, 'db.json')
    copyFileSync(source, dbFile)
    const args = [script, pkg.root, dbFile, `${CONTACTS_PATH}/${id}`, ALICE.token, id]
    const { warmupSeconds, durationSeconds } = settings
    const timeout = (warmupSeconds + durationSeconds + 60) * 1000
    try {
      const { stdout } = await run(
        process.execPath,
        [...args, String(warmupSeconds), String(durationSeconds)],
        { cwd: pkg.root, timeout, env: { ...process.env, NODE_OPTIONS: '' } },
      )
      const taken = measurementOf(JSON.parse(stdout) as LoadOutput)
      settings.log(`  ${describeMeasurement(taken)}`)
      if (measurement === undefined || taken.otherCores < measurement.otherCores) {
        measurement = taken
      }
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
    if (measurement.otherCores <= DISTURBED_CORES) break
    settings.log(
      `    disturbed: other processes used the CPU${attempt < ATTEMPTS ? '; again' : ''}`,
    )
  }
  if (measurement === undefined) throw new Error('unreachable: ATTEMPTS is at least 1')
  return {
    section: 'express',
    operation: {
      id: MOCK_FETCH_ID,
      name: 'createMockFetch: fetch one contact, in-process, 1 caller',
      connections: 1,
      requests: [],
      reference: 'fetch',
      target: 3,
    },
    measurement,
    contacts,
    local: true,
    problems:
      measurement.non2xx > 0 ? [`createMockFetch: ${String(measurement.non2xx)} non-200`] : [],
    stdoutBytesPerRequest: 0,
  }
}
