import type { ESLint } from 'eslint'

export declare const LAYERS: readonly { name: string; path: string; may: readonly string[] }[]
export declare const layersPlugin: ESLint.Plugin
