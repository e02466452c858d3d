// The browser tests' Chromium on Linux x64: @sparticuz/chromium's, from npm, unpacked once (about
// 1.5 s) into a folder of the OS temp folder named after its version and the user. The package
// itself unpacks to $TMPDIR/chromium whatever its version; it is pointed at a folder of our own.
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

// about 1.5 s on an idle machine; far beyond that something is wrong
const UNPACK_TIMEOUT_MS = 60_000

export interface BrowserProgram {
  executablePath: string
  /** What the browser's environment needs besides this process's. */
  env: Record<string, string>
}

function packageVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@sparticuz/chromium')
  // build/cjs/index.cjs → the package's folder
  const file = join(dirname(entry), '..', '..', 'package.json')
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'))
  const version: unknown =
    typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, 'version') : undefined
  if (typeof version !== 'string') throw new Error(`${file} has no version`)
  return version
}

/** A folder of ours: another user's folder of the same name in /tmp is never used. */
function isOwnFolder(folder: string): boolean {
  if (!existsSync(folder)) return false
  const stat = lstatSync(folder)
  return stat.isDirectory() && stat.uid === process.getuid?.()
}

/**
 * The package's fonts.conf names /tmp/fonts; this one names the fonts where they are, beside the
 * machine's own (when it has any).
 */
function writeFontConfig(partial: string, folder: string): void {
  writeFileSync(
    join(partial, 'fonts', 'fonts.conf'),
    [
      '<?xml version="1.0"?>',
      '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
      '<fontconfig>',
      '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
      `  <dir>${join(folder, 'fonts', 'fonts')}</dir>`,
      `  <cachedir>${join(folder, 'fonts-cache')}</cachedir>`,
      '</fontconfig>',
      '',
    ].join('\n'),
  )
}

/**
 * Unpacks into `partial`, in a process of its own: the package reads TMPDIR (through os.tmpdir())
 * for its folders, and AWS_LAMBDA_JS_RUNTIME makes it unpack its own libnss3 and libnspr4 (for
 * machines without them); it also sets variables of its own on import. Jest's process.env is a
 * copy os.tmpdir() never sees, and the tests' environment stays as it was.
 */
function unpackInto(partial: string): Promise<void> {
  const script =
    "const { default: chromium } = await import('@sparticuz/chromium'); " +
    'await chromium.executablePath()'
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '--eval', script],
      {
        cwd: dirname(fileURLToPath(import.meta.url)),
        env: {
          ...process.env,
          NODE_OPTIONS: '',
          TMPDIR: partial,
          AWS_LAMBDA_JS_RUNTIME: 'nodejs20.x',
        },
        timeout: UNPACK_TIMEOUT_MS,
      },
      (error, _stdout, stderr) => {
        if (error)
          reject(new Error(`Unpacking @sparticuz/chromium failed: ${stderr || error.message}`))
        else resolve()
      },
    )
  })
}

/** @sparticuz/chromium's browser, unpacked on first use; test files running at once share it. */
export async function unpackChromium(): Promise<BrowserProgram> {
  const folder = join(
    tmpdir(),
    `contacts-chromium-${packageVersion()}-${String(process.getuid?.())}`,
  )
  const program = {
    executablePath: join(folder, 'chromium'),
    env: {
      LD_LIBRARY_PATH: [join(folder, 'al2023', 'lib'), process.env['LD_LIBRARY_PATH']]
        .filter((part) => part !== undefined && part !== '')
        .join(':'),
      FONTCONFIG_PATH: join(folder, 'fonts'),
    },
  }
  if (isOwnFolder(folder)) return program
  const partial = mkdtempSync(`${folder}.partial-`)
  try {
    await unpackInto(partial)
    writeFontConfig(partial, folder)
    // whole or not at all: a test file starting meanwhile never sees half a browser
    renameSync(partial, folder)
  } catch (error) {
    // another test file's rename came first: its folder is as good
    if (!isOwnFolder(folder)) throw error
  } finally {
    rmSync(partial, { recursive: true, force: true })
  }
  return program
}
