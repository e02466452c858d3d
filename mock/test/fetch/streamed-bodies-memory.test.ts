// How much a large or inflating body sent without a server makes the process grow, measured in a
// process of its own (body-memory-probe.ts, with --expose-gc): under 32 MiB for each case, where
// a body read whole before any check took 64 to 190 MiB. What was read, in bytes pulled from the
// caller's stream: streamed-bodies.test.ts.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, test } from '@jest/globals'
import type { MemoryCase } from '../../../test-support/fetch/body-memory-probe.ts'

const run = promisify(execFile)
const PROBE = fileURLToPath(
  new URL('../../../test-support/fetch/body-memory-probe.ts', import.meta.url),
)
const CEILING_MIB = 32

async function measure(transport: 'fetch' | 'msw'): Promise<MemoryCase[]> {
  const { stdout } = await run(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', PROBE, transport],
    // a ceiling that only catches a hang
    { timeout: 120_000, env: { ...process.env, NODE_OPTIONS: '' } },
  )
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as MemoryCase)
}

describe('the memory a body takes without a server', () => {
  test.each(['fetch', 'msw'] as const)(
    'When large and inflating bodies come through %s, then each grows the process by less than 32 MiB',
    async (transport) => {
      // Act
      const cases = await measure(transport)

      // Assert: the cases it grew by 32 MiB or more, named with their figures, are none
      expect(cases.map((measured) => measured.status)).toEqual(
        transport === 'fetch' ? [401, 413, 413, 401] : [401, 413, 413],
      )
      const grown = cases.filter(
        (measured) => Math.max(measured.rssMiB, measured.arrayBuffersMiB) >= CEILING_MIB,
      )
      expect(grown).toEqual([])
    },
    150_000,
  )
})
