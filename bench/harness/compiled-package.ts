import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { ROOT, runNode } from './processes.ts'

/** The package as users run it: compiled JavaScript, started with `node dist/mock/process/main.js`. */
export interface CompiledPackage {
  /** The folder that stands for the installed package (package.json, dist/, node_modules). */
  root: string
  /** `dist/mock/process/main.js` in it: what `npx contacts-mock` runs. */
  mockEntry: string
  /** bench/http/baseline-server.ts compiled beside it: both sides of a ratio run as JavaScript. */
  baselineEntry: string
}

/**
 * A script of the bench (its path from the repository) as plain JavaScript in `root`, named
 * `name`: what it measures then carries no TypeScript loader (start-up, RSS, CPU).
 */
export function transpileInto(root: string, script: string, name: string): string {
  const { outputText } = ts.transpileModule(readFileSync(join(ROOT, script), 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  })
  const entry = join(root, name)
  writeFileSync(entry, outputText)
  return entry
}

/** What a failed child process printed (execFile's error carries it). */
function outputOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return ''
  return ['stdout', 'stderr']
    .map((key) => {
      const value: unknown = Reflect.get(error, key)
      return typeof value === 'string' ? value : ''
    })
    .join('')
}

async function build(): Promise<void> {
  try {
    await runNode(['--import', 'tsx', 'scripts/build.ts'], 300_000)
  } catch (error) {
    throw new Error(
      `npm run build failed; the bench measures the compiled package (--skip-build measures ` +
        `dist/ as it is):\n${outputOf(error)}`,
      { cause: error },
    )
  }
}

/**
 * Builds dist/ as `npm run build` does (unless `skipBuild`), then copies it into the bench's own
 * folder: other work in the repository may rebuild dist/ (it starts by removing it) meanwhile.
 */
export async function buildPackage(
  benchDir: string,
  skipBuild: boolean,
  log: (line: string) => void,
): Promise<CompiledPackage> {
  log(skipBuild ? 'Using dist/ as it is (--skip-build)' : 'Building the package (npm run build)…')
  if (!skipBuild) await build()
  const root = join(benchDir, 'package')
  mkdirSync(root)
  cpSync(join(ROOT, 'dist'), join(root, 'dist'), { recursive: true })
  // main.js reads its version from the package.json three folders up, as in an installed package
  copyFileSync(join(ROOT, 'package.json'), join(root, 'package.json'))
  // its imports resolve from the package folder up, as from node_modules/contacts-mock-kit
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir')
  const mockEntry = join(root, 'dist', 'mock', 'process', 'main.js')
  if (!existsSync(mockEntry)) throw new Error(`The build left no ${mockEntry}`)
  const baselineEntry = transpileInto(root, 'bench/http/baseline-server.ts', 'baseline-server.js')
  return { root, mockEntry, baselineEntry }
}
