// The request log's destination: lines reach the file soon, a file that takes nothing never holds
// up the close beyond its bound, and every line that could not go is counted.
import { execFileSync } from 'node:child_process'
import {
  closeSync,
  constants,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { createLogDestination } from './request-log.ts'

let dir: string
const opened: number[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'request-log-'))
})
afterEach(() => {
  for (const fd of opened.splice(0)) closeSync(fd)
  rmSync(dir, { recursive: true, force: true })
})

const open = (path: string, flags: number): number => {
  const fd = openSync(path, flags)
  opened.push(fd)
  return fd
}

/** A pipe (a FIFO) whose two ends are non-blocking, as a stdout pipe is in Node. */
function openPipe(): { reader: number; writer: number } {
  const path = join(dir, 'pipe')
  execFileSync('mkfifo', [path])
  const reader = open(path, constants.O_RDONLY | constants.O_NONBLOCK)
  const writer = open(path, constants.O_WRONLY | constants.O_NONBLOCK)
  return { reader, writer }
}

const line = (n: number): string => `{"n":${String(n)},"url":"/${'u'.repeat(500)}"}\n`

describe('the request log destination', () => {
  test('When a few lines are written, then they come out on their own, not at once, and nothing is said', async () => {
    // Arrange
    const file = join(dir, 'log')
    const log = createLogDestination({ fd: open(file, constants.O_WRONLY | constants.O_CREAT) })

    // Act
    for (let n = 1; n <= 3; n++) log.write(line(n))
    const soon = readFileSync(file, 'utf8')
    // the batch goes out on its timer (100 ms) with nothing more written; the ceiling only
    // catches a batch that never goes, at any machine speed
    const ceiling = Date.now() + 15_000
    while (readFileSync(file, 'utf8') === '' && Date.now() < ceiling) await sleep(20)
    const later = readFileSync(file, 'utf8')
    const note = await log.close(1000)

    // Assert
    expect(soon).toBe('')
    expect(later).toBe(line(1) + line(2) + line(3))
    expect(note).toBeUndefined()
  })

  test('When nobody reads the pipe, then close gives up after its bound and counts every line that did not go', async () => {
    // Arrange
    const { reader, writer } = openPipe()
    const log = createLogDestination({ fd: writer })
    for (let n = 1; n <= 1000; n++) log.write(line(n))
    await sleep(100)

    // Act
    const started = Date.now()
    const note = await log.close(300)
    const elapsed = Date.now() - started
    const buffer = Buffer.alloc(1 << 20)
    const taken = readSync(reader, buffer)
    const whole = buffer.subarray(0, taken).toString('utf8').split('\n').length - 1

    // Assert
    // that close resolved at all, with the pipe still unread, is the giving up; its bound is a
    // lower one (an upper one would time the machine)
    expect(elapsed).toBeGreaterThanOrEqual(290)
    expect(note).toBe(
      `${String(1000 - whole)} request-log lines were dropped: stdout was not read.`,
    )
  })

  test('When a second signal cannot wait, then closeNow writes what is left at once', () => {
    // Arrange
    const { reader, writer } = openPipe()
    const log = createLogDestination({ fd: writer })
    for (let n = 1; n <= 3; n++) log.write(line(n))

    // Act
    const note = log.closeNow()
    const buffer = Buffer.alloc(1 << 16)
    const taken = readSync(reader, buffer)

    // Assert
    expect(note).toBeUndefined()
    expect(buffer.subarray(0, taken).toString('utf8')).toBe(line(1) + line(2) + line(3))
  })

  test('When nobody reads the pipe and a second signal cannot wait, then closeNow returns at once and counts every line that did not go', async () => {
    // Arrange
    const { reader, writer } = openPipe()
    const log = createLogDestination({ fd: writer })
    for (let n = 1; n <= 1000; n++) log.write(line(n))
    await sleep(100)

    // Act
    const note = log.closeNow()
    const buffer = Buffer.alloc(1 << 20)
    const taken = readSync(reader, buffer)
    const whole = buffer.subarray(0, taken).toString('utf8').split('\n').length - 1

    // Assert
    // Waiting for a reader would never return: that it returned with the pipe unread is the proof
    expect(whole).toBeGreaterThan(0)
    expect(note).toBe(
      `${String(1000 - whole)} request-log lines were dropped: stdout was not read.`,
    )
  })

  test('When the reader has gone, then the lines are dropped and the note names the error', async () => {
    // Arrange
    const { reader, writer } = openPipe()
    closeSync(reader)
    opened.splice(opened.indexOf(reader), 1)
    const log = createLogDestination({ fd: writer })

    // Act
    for (let n = 1; n <= 10; n++) log.write(line(n))
    const note = await log.close(1000)

    // Assert
    expect(note).toBe('10 request-log lines were dropped: stdout failed (EPIPE).')
  })
})
