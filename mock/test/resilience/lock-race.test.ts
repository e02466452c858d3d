// Two starts at once on one stale-locked data file: exactly one may run.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, test } from '@jest/globals'
import { launchMock, type MockProcess } from '../../../test-support/spawn-mock.ts'

const LOCK_MODULE = fileURLToPath(new URL('../../store/memory/disk/file-lock.ts', import.meta.url))
const CONTENDERS = 4
const ROUNDS = 40
const SLOT_MS = 60
const dir = mkdtempSync(join(tmpdir(), 'lock-race-'))

afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** A pid that no process has any more: what a mock killed with -9 leaves in its lock. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''])
  await new Promise((resolve) => child.on('exit', resolve))
  return child.pid ?? 0
}

// Each contender waits for the start of every round's time slot, then tries to lock that round's
// file at the same moment as the others. It stays alive (holding what it got) until the test has
// every contender's result: a lock whose owner has exited is stale, and rightly taken over.
const CONTENDER = `
import { acquireLock } from ${JSON.stringify(LOCK_MODULE)}
const [dir, start, rounds, slot] = process.argv.slice(1)
const won = []
for (let round = 0; round < Number(rounds); round++) {
  while (Date.now() < Number(start) + round * Number(slot)) {}
  try { acquireLock(dir + '/db-' + round + '.json'); won.push(round) } catch {}
}
process.stdout.write(JSON.stringify(won) + '\\n')
process.stdin.resume()
process.stdin.on('end', () => process.exit(0))
`

interface Contender {
  won: Promise<number[]>
  release: () => void
}

function startContender(start: number): Contender {
  const args = ['--import', 'tsx', '--input-type=module', '-e', CONTENDER, '--', dir]
  const child = spawn(process.execPath, [...args, String(start), String(ROUNDS), String(SLOT_MS)])
  let output = ''
  const won = new Promise<number[]>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8')
      if (output.endsWith('\n')) resolve(JSON.parse(output) as number[])
    })
    child.on('exit', (code) => {
      reject(new Error(`a contender exited with ${String(code)} before it answered`))
    })
  })
  return { won, release: () => child.stdin.end() }
}

/** Resolves once the mock either serves or has exited. */
async function outcomeOf(mock: MockProcess): Promise<'serves' | 'refused'> {
  for (;;) {
    if (mock.output().includes('Mock listening on')) return 'serves'
    if (mock.child.exitCode !== null) return 'refused'
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('The data file lock', () => {
  test('When four processes take over one stale lock at the same moment, then in every round exactly one gets it', async () => {
    // Arrange
    const pid = await deadPid()
    for (let round = 0; round < ROUNDS; round++) {
      writeFileSync(join(dir, `db-${String(round)}.json.lock`), String(pid))
    }
    const start = Date.now() + 1500

    // Act
    const contenders = Array.from({ length: CONTENDERS }, () => startContender(start))
    const won = await Promise.all(contenders.map((contender) => contender.won))
    for (const contender of contenders) contender.release()

    // Assert
    const winners = Array.from({ length: ROUNDS }, (_, round) =>
      won.filter((rounds) => rounds.includes(round)),
    )
    expect(winners.map((list) => list.length)).toEqual(Array(ROUNDS).fill(1))
  })

  test('When two mocks start at once on a stale-locked file, then exactly one serves, again and again', async () => {
    for (let round = 0; round < 3; round++) {
      // Arrange
      const file = join(dir, `mock-${String(round)}`, 'db.json')
      mkdirSync(dirname(file))
      writeFileSync(`${file}.lock`, String(await deadPid()))

      // Act
      const mocks = [0, 1].map(() => launchMock(['--port', '0', '--quiet', '--db', file]))
      const outcomes = await Promise.all(mocks.map(outcomeOf))

      // Assert
      expect(outcomes.sort()).toEqual(['refused', 'serves'])
      const refused = mocks.find((mock) => mock.child.exitCode !== null)
      expect(refused?.output()).toMatch(/in use by another mock \(pid \d+\)/)
      for (const mock of mocks) mock.child.kill('SIGKILL')
      await Promise.all(mocks.map((mock) => mock.exited))
    }
  })
})
