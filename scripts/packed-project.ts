// A user's project with contacts-mock-kit installed from the packed tarball, offline (npm's cache
// only), and the commands a user would type in it.
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { waitForReadyLine } from '../mock/process/ready-line.ts'
import { promisify } from 'node:util'

const run = promisify(execFile)
export const ROOT = fileURLToPath(new URL('../', import.meta.url))
// npm must not see this repository's configuration, nor install from anywhere but its cache
const NPM_ENV = { ...process.env, npm_config_offline: 'true', npm_config_audit: 'false' }

export interface Outcome {
  code: number
  output: string
}

/** Packs the repository (its prepack builds dist/) and returns the tarball's path. */
export async function packTarball(into: string): Promise<string> {
  await run('npm', ['pack', '--silent', '--pack-destination', into], {
    cwd: ROOT,
    env: NPM_ENV,
    timeout: 180_000,
  })
  const tarball = readdirSync(into).find((name) => name.endsWith('.tgz'))
  if (tarball === undefined) throw new Error('npm pack wrote no tarball')
  return join(into, tarball)
}

interface LockEntry {
  resolved?: string
  version?: string
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  dev?: boolean
  devOptional?: boolean
  peer?: boolean
}
interface Lock {
  packages: Record<string, LockEntry>
}

/** Where node finds `name` from the package at `from`: the nearest node_modules upwards. */
function resolveIn(packages: Lock['packages'], from: string, name: string): string | undefined {
  for (let base = from; ;) {
    const candidate = `${base === '' ? '' : `${base}/`}node_modules/${name}`
    if (packages[candidate]) return candidate
    if (base === '') return undefined
    const index = base.lastIndexOf('/node_modules/')
    base = index === -1 ? '' : base.slice(0, index)
  }
}

/**
 * A lockfile for a project that depends on the tarball and on `extra` packages, taken from this
 * repository's lockfile: npm then installs from its cache by integrity, with no registry look-up
 * (after `npm ci`, the cache holds every tarball, but not the registry's package documents).
 */
function lockFor(tarball: string, extra: string[], registry: string): object {
  const { packages } = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lock
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    version: string
    dependencies: Record<string, string>
    bin: Record<string, string>
  }
  const kept = new Set<string>()
  const visit = (path: string): void => {
    const entry = packages[path]
    if (kept.has(path) || !entry) return
    kept.add(path)
    for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
      const found = resolveIn(packages, path, name)
      if (found) visit(found)
    }
  }
  for (const name of [...Object.keys(manifest.dependencies), ...extra])
    visit(`node_modules/${name}`)
  const dependencies: Record<string, string | undefined> = {
    'contacts-mock-kit': `file:${tarball}`,
    ...Object.fromEntries(extra.map((name) => [name, packages[`node_modules/${name}`]?.version])),
  }
  const entries = [...kept].sort().map((path): [string, LockEntry] => {
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = packages[path] ?? {}
    // this machine's npm leaves the registry out of lockfiles; npm ci wants to know where from
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)
    const file = `${name.split('/').at(-1) ?? name}-${entry.version ?? ''}.tgz`
    return [path, { resolved: `${registry.replace(/\/?$/, '/')}${name}/-/${file}`, ...entry }]
  })
  return {
    name: 'user-project',
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: 'user-project', dependencies },
      'node_modules/contacts-mock-kit': {
        version: manifest.version,
        resolved: `file:${tarball}`,
        dependencies: manifest.dependencies,
        bin: manifest.bin,
      },
      ...Object.fromEntries(entries),
    },
  }
}

/**
 * A fresh project with the tarball (and `extra` packages of this repository's lockfile) installed
 * by `npm ci --offline`: from npm's cache alone, as a user's machine would install it.
 */
export async function createProject(
  tarball: string,
  extra: string[] = [],
  { commonjs = false }: { commonjs?: boolean } = {},
): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'user-project-'))
  const { stdout: registry } = await run('npm', ['config', 'get', 'registry'], { env: NPM_ENV })
  const lock = lockFor(tarball, extra, registry.trim()) as {
    packages: { '': { dependencies: object } }
  }
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(lock, null, 2))
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'user-project',
      private: true,
      // a CommonJS project is one whose package.json names no type
      ...(commonjs ? {} : { type: 'module' }),
      dependencies: lock.packages[''].dependencies,
    }),
  )
  await run('npm', ['ci', '--no-fund', '--offline'], { cwd: dir, env: NPM_ENV, timeout: 180_000 })
  return dir
}

export function removeProject(dir: string): void {
  rmSync(dir, { recursive: true, force: true })
}

/** Runs a command of the project's node_modules/.bin (what `npx` runs there) to its end. */
export function runBin(dir: string, bin: string, args: string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      join(dir, 'node_modules', '.bin', bin),
      args,
      { cwd: dir, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        resolve({ code, output: stdout + stderr })
      },
    )
  })
}

/** Runs `npx ARGS` in the project, offline: what a user types after `npm install`. */
export function runNpx(
  dir: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      'npx',
      args,
      { cwd: dir, env: { ...NPM_ENV, ...env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        resolve({ code, output: stdout + stderr })
      },
      // no terminal and nothing to read, as in CI: a command that asks gets an end of input
    ).stdin?.end()
  })
}

/**
 * Runs the MCP Inspector's command line (this repository's, a development dependency) in the
 * project: `--cli COMMAND... --method METHOD` starts COMMAND there as an MCP client would.
 */
export function runInspector(dir: string, args: string[]): Promise<Outcome & { stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      join(ROOT, 'node_modules', '.bin', 'inspector'),
      args,
      { cwd: dir, env: NPM_ENV, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        // its answer is stdout's JSON; what the server says on stderr is for the failure message
        resolve({ code, output: stdout + stderr, stdout })
      },
    ).stdin?.end()
  })
}

/** Starts the project's `contacts-mock` on a free port; resolves with its URL once it serves. */
export async function startBin(dir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    join(dir, 'node_modules', '.bin', 'contacts-mock'),
    ['--port', '0', '--quiet'],
    {
      cwd: dir,
    },
  )
  child.stdout.resume()
  child.stderr.resume()
  const url = await waitForReadyLine(child, { name: 'contacts-mock', timeoutMs: 30_000 })
  return { url, child }
}

/** Writes a file of the project (folders made as needed). */
export function writeProjectFile(dir: string, path: string, text: string): void {
  mkdirSync(join(dir, path, '..'), { recursive: true })
  writeFileSync(join(dir, path), text)
}

/** How much an install weighs: bytes on disk and packages in node_modules. */
export async function weigh(dir: string): Promise<{ megabytes: number; packages: number }> {
  const { stdout } = await run('du', ['-sk', join(dir, 'node_modules')])
  const kilobytes = Number(stdout.split('\t')[0])
  const { stdout: list } = await run('npm', ['ls', '--all', '--parseable'], {
    cwd: dir,
    env: NPM_ENV,
  })
  return { megabytes: kilobytes / 1024, packages: list.trim().split('\n').length - 1 }
}

/** What every compiled check of the package starts from: strict, ES2022 with the DOM. */
const COMPILER_OPTIONS = {
  strict: true,
  target: 'es2022',
  lib: ['es2022', 'dom'],
  skipLibCheck: true,
}

/**
 * Writes `folder/tsconfig.json` (those options, then `options`, over `sources`) in the project and
 * runs the project's own tsc there, as a user's build would.
 */
export function compileTypeScript(
  dir: string,
  folder: string,
  options: Record<string, unknown>,
  sources: { files: string[] } | { include: string[] },
): Promise<Outcome> {
  writeProjectFile(
    dir,
    `${folder}/tsconfig.json`,
    JSON.stringify({ compilerOptions: { ...COMPILER_OPTIONS, ...options }, ...sources }),
  )
  return runNode(join(dir, folder), join(dir, 'node_modules/typescript/bin/tsc'))
}

/** Runs `node` on a file of the project. */
export function runNode(
  dir: string,
  file: string,
  env: Record<string, string> = {},
): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [file],
      { cwd: dir, timeout: 60_000, env: { ...process.env, ...env } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        resolve({ code, output: stdout + stderr })
      },
    )
  })
}
