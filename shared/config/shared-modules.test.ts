import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { missingSharedModules } from './shared-modules'
import { SHARED_REACT } from './vite-remote'

const SHARED = Object.keys(SHARED_REACT)
const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

/** A build folder whose shared-module map (as the plugin minifies it) has `keys`. */
function buildWith(keys: string[] | null): string {
  const outDir = mkdtempSync(join(tmpdir(), 'shared-map-'))
  dirs.push(outDir)
  mkdirSync(join(outDir, 'assets'))
  writeFileSync(join(outDir, 'assets', 'remoteEntry-x.js'), 'export{}')
  if (keys) {
    const entry = (key: string) =>
      `${/^\w+$/.test(key) ? key : JSON.stringify(key)}:async()=>await n(()=>import(\`./p.js\`))`
    const body = `const a={${keys.map(entry).join(',')}},o={};export{o as usedShared};`
    writeFileSync(
      join(outDir, 'assets', '_virtual_mf-localSharedImportMap___mfe_internal__mf_x__1-Ab.js'),
      body,
    )
    writeFileSync(
      join(outDir, 'assets', '_virtual_mf-localSharedImportMap___mfe_internal__mf_x__1-Ab.js.br'),
      '',
    )
  }
  return outDir
}

test('React shares the four modules the shell offers, each named', () => {
  expect(SHARED).toEqual(['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'])
})

test('a build whose map names every shared module passes; one the plugin wrote before meeting the JSX runtime does not', () => {
  expect(missingSharedModules(buildWith(SHARED), SHARED)).toEqual([])
  expect(missingSharedModules(buildWith(['react', 'react-dom', 'react-dom/client']), SHARED)).toEqual([
    'react/jsx-runtime',
  ])
  // `react` named only as a prefix of another key is not named.
  expect(missingSharedModules(buildWith(['react-dom']), ['react', 'react-dom'])).toEqual(['react'])
  expect(missingSharedModules(buildWith(null), SHARED)).toEqual(SHARED)
})
