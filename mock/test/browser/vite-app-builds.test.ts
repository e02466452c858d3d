// docs/without-a-server.md's Vite examples, built by Vite: examples/vite-app without VITE_MOCK
// holds none of the mock (no chunk, no text of it or of msw, no worker script) and with
// VITE_MOCK=true loads it as a chunk of its own; the guide's top-level await warns under an
// es2020 target and not under Vite's default one, and its `.then(render)` builds under es2020
// without a warning. It prints the JavaScript's gzipped sizes, which the guide states.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { beforeAll, describe, expect, test } from '@jest/globals'
import { buildBrowser } from '../../../scripts/build-browser.ts'
import { exampleOf } from '../../../scripts/markdown-examples.ts'
import { closeAfterAll } from '../../../test-support/close-after-all.ts'
import { buildWithVite, VITE_APP } from '../../../test-support/browser/vite-app-site.ts'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const guide = readFileSync(join(ROOT, 'docs', 'without-a-server.md'), 'utf8')
// text the mock's and msw's code keep when minified: error messages, MSW's log prefix
const MOCK_TEXT = ['startMockWorker', 'contacts-mock-kit', '[MSW]']
const TLA_WARNING = 'Top-level await is not available in the configured target environment'

const opened = closeAfterAll()
let dir = ''
let bundle = ''

interface Built {
  /** The page's JavaScript (what Vite bundled, in assets/) by path, and every file's path. */
  scripts: Map<string, string>
  files: string[]
}

function readBuild(out: string): Built {
  const files = readdirSync(out, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split('\\').join('/'))
    .sort()
  const scripts = new Map(
    files
      .filter((file) => file.startsWith('assets/') && file.endsWith('.js'))
      .map((file) => [file, readFileSync(join(out, file), 'utf8')]),
  )
  return { scripts, files }
}

const gzipped = (text: string): number => gzipSync(text).length
const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`

/** Builds the example app with VITE_MOCK set to `flag`, and reports its JavaScript's sizes. */
async function buildApp(flag: string): Promise<Built> {
  const out = join(dir, `app-${flag}`)
  await buildWithVite(VITE_APP, out, { bundle, env: { VITE_MOCK: flag } })
  const built = readBuild(out)
  const sizes = [...built.scripts].map(([file, text]) => `${file} ${kB(gzipped(text))}`)
  process.stdout.write(`VITE_MOCK=${flag}, gzipped: ${sizes.join(', ')}\n`)
  return built
}

/** A page whose module is the guide's example `name`, built with `args`: what Vite printed. */
function buildExample(name: string, args: string[]): Promise<string> {
  const root = join(dir, 'examples', `${name}${args.join('')}`)
  mkdirSync(root, { recursive: true })
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><script type="module" src="/main.ts"></script>\n',
  )
  writeFileSync(join(root, 'main.ts'), exampleOf(guide, name))
  writeFileSync(
    join(root, 'app.ts'),
    "export function render(): void {\n  document.body.append('ready')\n}\n",
  )
  return buildWithVite(root, join(root, 'dist'), { bundle, args })
}

beforeAll(async () => {
  dir = opened.track(mkdtempSync(join(tmpdir(), 'vite-app-builds-')), (path) => {
    rmSync(path, { recursive: true, force: true })
  })
  // the bundle's msw, and the examples' pages, resolve their packages from this repository's
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir')
  bundle = (await buildBrowser({ outfile: join(dir, 'contacts-mock.js') })).outfile
}, 90_000)

describe('examples/vite-app built with and without the mock', () => {
  test('When the guide shows the flag, then it is the one examples/vite-app/src/main.ts starts its mock with', () => {
    // Act
    const main = readFileSync(join(VITE_APP, 'src', 'main.ts'), 'utf8')

    // Assert
    expect(main).toContain(exampleOf(guide, 'flag.ts'))
  })

  test('When the example is built without VITE_MOCK=true, then its output holds none of the mock', async () => {
    // Act
    const built = await buildApp('false')

    // Assert
    const text = [...built.scripts.values()].join('\n')
    expect(MOCK_TEXT.filter((found) => text.includes(found))).toEqual([])
    expect(built.scripts.size).toBe(1)
    expect(built.files).not.toContain('mockServiceWorker.js')
  }, 90_000)

  test('When the example is built with VITE_MOCK=true, then the mock is a chunk of its own, besides the worker script', async () => {
    // Act
    const built = await buildApp('true')

    // Assert
    const holding = [...built.scripts]
      .filter(([, text]) => MOCK_TEXT.every((found) => text.includes(found)))
      .map(([file]) => file)
    expect(built.scripts.size).toBe(2)
    expect(holding).toEqual([expect.stringMatching(/^assets\/contacts-mock-[\w-]+\.js$/)])
    expect(built.files).toContain('mockServiceWorker.js')
  }, 90_000)
})

describe('top-level await and the build target', () => {
  test('When the guide’s top-level await is built for es2020, then Vite warns that the target has none', async () => {
    // Act
    const output = await buildExample('main-awaited.ts', ['--target', 'es2020'])

    // Assert
    expect(output).toContain(TLA_WARNING)
  }, 90_000)

  test('When the guide’s top-level await is built for Vite’s default target, then there is no warning', async () => {
    // Act
    const output = await buildExample('main-awaited.ts', ['--target', 'baseline-widely-available'])

    // Assert
    expect(output).not.toContain(TLA_WARNING)
  }, 90_000)

  test('When the guide’s startMockWorker().then(render) is built for es2020, then there is no warning', async () => {
    // Act
    const output = await buildExample('main-then.ts', ['--target', 'es2020'])

    // Assert
    expect(output).not.toContain(TLA_WARNING)
    expect(output).not.toContain('error')
  }, 90_000)
})
