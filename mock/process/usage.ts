// `contacts-mock --help`: every flag and variable with its default, from the options table.
import { OPTIONS, type OptionSpec } from './options.ts'

const WIDTH = 91
const INDENT = 27

function wrap(text: string): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line !== '' && INDENT + line.length + 1 + word.length > WIDTH) {
      lines.push(line)
      line = word
    } else line = line === '' ? word : `${line} ${word}`
  }
  return [...lines, line]
}

function entry(flag: string, spec: Pick<OptionSpec, 'value' | 'env' | 'help' | 'shows'>): string {
  const named = spec.value === undefined ? `--${flag}` : `--${flag} ${spec.value}`
  const tail = [spec.env, spec.shows === undefined ? undefined : `default ${spec.shows}`]
    .filter((part) => part !== undefined)
    .join(', ')
  const [first = '', ...rest] = wrap(tail === '' ? spec.help : `${spec.help} (${tail})`)
  return [
    `  ${named.padEnd(INDENT - 4)}  ${first}`,
    ...rest.map((line) => ' '.repeat(INDENT) + line),
  ].join('\n')
}

export const USAGE = [
  'Usage: contacts-mock [flags]     (in this repository: npm start -- [flags])',
  entry('help', { help: 'this text' }),
  entry('version', { help: 'the version of contacts-mock-kit' }),
  ...Object.entries(OPTIONS).map(([flag, spec]) => entry(flag, spec)),
  'Flags win over the environment variables in parentheses.',
].join('\n')
