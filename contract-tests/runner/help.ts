// `contacts-contract --help`: every flag and variable with its default, from settings.ts.
import { COMMAND, SETTINGS, type Setting } from './settings.ts'

const WIDTH = 96

function wrap(text: string, indent: number): string {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line !== '' && indent + line.length + 1 + word.length > WIDTH) {
      lines.push(line)
      line = word
    } else {
      line = line === '' ? word : `${line} ${word}`
    }
  }
  lines.push(line)
  return lines.map((text) => `${' '.repeat(indent)}${text}`).join('\n')
}

const capitalised = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`

function describeSetting({ flag, value, variable, meaning, fallback }: Setting): string {
  const flagText =
    flag === undefined ? undefined : `--${flag}${value === undefined ? '' : ` ${value}`}`
  const heading =
    flagText === undefined
      ? (variable ?? '')
      : variable === undefined
        ? flagText
        : `${flagText.padEnd(26)}${variable}`
  return `  ${heading}\n${wrap(`${capitalised(meaning)}. Default: ${fallback}.`, 6)}`
}

export function helpText(): string {
  const settings: readonly Setting[] = Object.values(SETTINGS)
  return [
    `Usage: ${COMMAND} [options]`,
    '',
    wrap(
      'Checks a Contacts API server against openapi/openapi.yaml and the behaviour it documents. ' +
        'Without --base-url it starts the bundled mock and checks that; with --fetch-module it ' +
        'checks a fetch function (createMockFetch, MSW), relaying each request to it.',
      0,
    ),
    '',
    'Options (each one can come from the variable beside it instead; the flag wins):',
    ...settings.filter((setting) => setting.flag !== undefined).map(describeSetting),
    '  --help, -h\n      This text.',
    '  --version\n      The version of contacts-mock-kit.',
    '',
    'Variables only:',
    ...settings.filter((setting) => setting.flag === undefined).map(describeSetting),
    '',
    'Exit codes:',
    '  0  the target keeps the contract',
    '  1  it does not: a check failed, or the records of the run could not be removed',
    '  2  the checks could not run: bad usage, a target that cannot be reached, the mock or',
    '     Prism could not start, or the run reached its --deadline',
    '  130  interrupted (Ctrl-C), once the records of the run are removed',
  ].join('\n')
}
