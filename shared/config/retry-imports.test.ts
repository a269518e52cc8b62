import { expect, test, vi } from 'vitest'
import { RETRY_IMPORT, RETRY_IMPORT_DELAY_MS, RETRY_IMPORT_SOURCE, withRetryImports } from './retry-imports'

test('every dynamic import of a chunk goes through the loader, which is added once', () => {
  const code = [
    'import { a } from "./static-1.js";',
    'const x = () => import(`./axios-Blt.js`);',
    "const y = () => import('./toast-Ih.js');",
    'const z = () => import("../mf-loan/popup-9.js");',
    'const w = (m) => import(m.module);',
  ].join('\n')
  const out = withRetryImports(code)
  expect(out.startsWith(RETRY_IMPORT_SOURCE)).toBe(true)
  expect(out.split(RETRY_IMPORT_SOURCE)).toHaveLength(2)
  // The bundler's own import() stays, for Vite to find when it adds the chunk's CSS to preload.
  expect(out).toContain(`${RETRY_IMPORT}(()=>import(\`./axios-Blt.js\`),\`./axios-Blt.js\`,import.meta.url)`)
  expect(out).toContain(`${RETRY_IMPORT}(()=>import('./toast-Ih.js'),'./toast-Ih.js',import.meta.url)`)
  expect(out).toContain(
    `${RETRY_IMPORT}(()=>import("../mf-loan/popup-9.js"),"../mf-loan/popup-9.js",import.meta.url)`,
  )
  // A static import, and an import of a computed address (the federation runtime's), are left as they are.
  expect(out).toContain('import { a } from "./static-1.js";')
  expect(out).toContain('import(m.module)')
  expect(withRetryImports('export const a = 1')).toBe('export const a = 1')
})

/** The loader with `imp` standing in for `import()`, which a test cannot replace. */
function loader(imp: (url: string) => Promise<unknown>) {
  const source = RETRY_IMPORT_SOURCE.replace(/\bimport\(/g, 'imp(')
  const run = new Function('imp', `${source}return ${RETRY_IMPORT}`)(imp) as (
    t: () => Promise<unknown>,
    s: string,
    b: string,
  ) => Promise<unknown>
  // As a rewritten chunk calls it: the bundler's own import() first.
  return (s: string, b: string) => run(() => imp(new URL(s, b).href), s, b)
}

const FETCH_FAILED = () => new TypeError('Failed to fetch dynamically imported module: x')
const BASE = 'https://app.example/assets/index-1.js'

test('a chunk whose download failed is fetched once more under a new address, and then loads', async () => {
  vi.useFakeTimers()
  const urls: string[] = []
  const imp = vi.fn((url: string) => {
    urls.push(url)
    return urls.length === 1 ? Promise.reject(FETCH_FAILED()) : Promise.resolve({ ok: url })
  })
  const loading = loader(imp)('./axios-1.js', BASE)
  await vi.advanceTimersByTimeAsync(RETRY_IMPORT_DELAY_MS)
  await expect(loading).resolves.toEqual({ ok: expect.stringMatching(/axios-1\.js\?retry=\d+$/) })
  expect(urls[0]).toBe('https://app.example/assets/axios-1.js')
  expect(urls[1]).not.toBe(urls[0])
  vi.useRealTimers()
})

test.each([
  ['WebKit', 'Importing a module script failed.'],
  ['Firefox', 'error loading dynamically imported module: https://app.example/assets/x.js'],
])('%s says a download failed its own way, and it is retried too', async (_, message) => {
  let calls = 0
  const imp = () => (++calls === 1 ? Promise.reject(new TypeError(message)) : Promise.resolve('loaded'))
  await expect(loader(imp)('./x.js', BASE)).resolves.toBe('loaded')
  expect(calls).toBe(2)
})

test('a module that downloaded and threw is not run again; a retry that fails too rejects to the caller', async () => {
  let calls = 0
  const own = new Error('the module threw')
  await expect(loader(() => (calls++, Promise.reject(own)))('./x.js', BASE)).rejects.toBe(own)
  expect(calls).toBe(1)
  calls = 0
  await expect(loader(() => (calls++, Promise.reject(FETCH_FAILED())))('./x.js', BASE)).rejects.toThrow(
    'Failed to fetch',
  )
  expect(calls).toBe(2)
})
