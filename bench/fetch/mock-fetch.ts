// The createMockFetch row: the fetch function answering in-process, against the HTTP server's
// fetch one contact of the same run (the mock's `fetch` row, on the same data file), target 3x.
// Its load runs in a process of its own (mock-fetch-load.ts), as compiled JavaScript.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { ALICE } from '../../fixtures/identities.ts'
import { transpileInto } from '../harness/compiled-package.ts'
import { LOAD_CONTACTS } from '../harness/data-files.ts'
import type { StepInputs } from '../harness/entry-point.ts'
import {
  describeMeasurement,
  leastDisturbed,
  ownMeasurement,
  type Measured,
  type OwnRun,
} from '../harness/measurement.ts'
import { runNode } from '../harness/processes.ts'
import { CONTACTS_PATH } from '../http/requests.ts'

const ATTEMPTS = 3

/** What mock-fetch-load.ts prints. */
type LoadOutput = Omit<OwnRun, 'statusCodes'>

/** One caller of createMockFetch fetching one contact, taken again (3 times at most) if disturbed. */
export async function measureMockFetch(inputs: StepInputs): Promise<Measured> {
  const { pkg, dir, workload, warmupSeconds, durationSeconds } = inputs
  inputs.log('createMockFetch (contacts-mock-kit/fetch, in-process, one caller):')
  const script = transpileInto(pkg.root, 'bench/fetch/mock-fetch-load.ts', 'mock-fetch-load.mjs')
  const source = await inputs.files.get(LOAD_CONTACTS)
  const { id } = workload.contact
  const measurement = await leastDisturbed(ATTEMPTS, inputs.log, async () => {
    // a fresh copy each time, in a folder of its own: the lock, the journal, the snapshot
    const folder = mkdtempSync(join(dir, 'mock-fetch-'))
    const dbFile = join(folder, 'db.json')
    copyFileSync(source, dbFile)
    const args = [script, pkg.root, dbFile, `${CONTACTS_PATH}/${id}`, ALICE.token, id]
    const timeout = (warmupSeconds + durationSeconds + 60) * 1000
    try {
      const seconds = [String(warmupSeconds), String(durationSeconds)]
      const stdout = await runNode([...args, ...seconds], timeout, pkg.root)
      const output = JSON.parse(stdout) as LoadOutput
      // the caller and the mock are one process: its CPU is the row's "server"
      const taken = ownMeasurement({
        ...output,
        statusCodes: { '200': output.requests - output.non2xx },
      })
      inputs.log(`  ${describeMeasurement(taken)}`)
      return taken
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
  return {
    section: 'express',
    operation: {
      id: 'mock-fetch',
      name: 'createMockFetch: fetch one contact, in-process, 1 caller',
      connections: 1,
      reference: 'fetch',
      target: 3,
    },
    measurement,
    contacts: LOAD_CONTACTS,
    problems:
      measurement.non2xx > 0 ? [`createMockFetch: ${String(measurement.non2xx)} non-200`] : [],
    stdoutBytesPerRequest: 0,
  }
}
