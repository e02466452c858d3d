// The browser entry's size (contacts-mock-kit/browser): the bundle built as `npm run build` builds
// it (scripts/build-browser.ts), minified, without msw (a peer dependency the page's bundler adds),
// raw and gzipped; and what takes the room, from esbuild's metafile.
import { readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Metafile } from 'esbuild'
import { buildBrowser } from '../../scripts/build-browser.ts'
import { ROOT } from '../harness/processes.ts'
import type { BrowserBundle } from '../results/results.ts'

/** A package by name, a generated module by name, else the first two folders of ours. */
function partOf(input: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)
  if (inPackage?.[1] !== undefined) return inPackage[1]
  if (input.includes(':')) return input
  // esbuild names inputs from the working folder
  return relative(ROOT, resolve(input)).split('/').slice(0, 2).join('/')
}

export function partsOf(metafile: Metafile): BrowserBundle['parts'] {
  const bytes = new Map<string, number>()
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const part = partOf(input)
      bytes.set(part, (bytes.get(part) ?? 0) + bytesInOutput)
    }
  }
  return [...bytes]
    .map(([part, size]) => ({ part, bytes: size }))
    .filter((entry) => entry.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes)
}

/** Builds the bundle into `dir` and weighs it. */
export async function measureBrowserBundle(dir: string): Promise<BrowserBundle> {
  const { outfile, metafile } = await buildBrowser({ outfile: join(dir, 'contacts-mock.js') })
  const code = readFileSync(outfile)
  return {
    rawBytes: code.length,
    gzipBytes: gzipSync(code, { level: 9 }).length,
    parts: partsOf(metafile),
  }
}

/** The lines the run prints: the sizes, then the parts over 1% of the bundle. */
export function browserBundleLines({ rawBytes, gzipBytes, parts }: BrowserBundle): string[] {
  const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`
  return [
    `  ${kb(rawBytes)} minified, ${kb(gzipBytes)} gzipped; by part (minified):`,
    ...parts
      .filter((entry) => entry.bytes >= rawBytes / 100)
      .map((entry) => `    ${entry.part}: ${kb(entry.bytes)}`),
  ]
}
