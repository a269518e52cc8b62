import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { precompressDir, rewriteCompressed } from './precompress'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'precompress-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function put(rel: string, text: string): string {
  const file = join(dir, rel)
  mkdirSync(join(file, '..'), { recursive: true })
  writeFileSync(file, text)
  return file
}

const copies = (file: string) => ({
  br: brotliDecompressSync(readFileSync(`${file}.br`)).toString(),
  gz: gunzipSync(readFileSync(`${file}.gz`)).toString(),
})

test('every text file served gets a brotli and a gzip copy of its bytes; images and dot folders none', () => {
  const text = ['index.html', 'assets/app-AbCd1234.js', 'assets/app.css', 'mf-manifest.json', 'logo.svg']
  for (const rel of text) put(rel, `${rel} `.repeat(200))
  put('logo.png', 'png')
  put('.vite/manifest.json', '{}')
  expect(precompressDir(dir).sort()).toEqual(text.map((rel) => join(dir, rel)).sort())
  for (const rel of text) {
    const original = readFileSync(join(dir, rel), 'utf8')
    expect(copies(join(dir, rel))).toEqual({ br: original, gz: original })
  }
  for (const rel of ['logo.png', '.vite/manifest.json']) {
    expect(existsSync(join(dir, `${rel}.br`)) || existsSync(join(dir, `${rel}.gz`))).toBe(false)
  }
})

test('a folder compressed before is left as it is, except a file changed since', () => {
  const same = put('a.js', 'one')
  const changed = put('b.js', 'two')
  precompressDir(dir)
  expect(precompressDir(dir)).toEqual([])
  writeFileSync(changed, 'three')
  const later = new Date(Date.now() + 5000)
  utimesSync(changed, later, later)
  expect(precompressDir(dir)).toEqual([changed])
  expect(copies(changed)).toEqual({ br: 'three', gz: 'three' })
  expect(copies(same)).toEqual({ br: 'one', gz: 'one' })
})

test('rewritten pages never sit beside their previous copies, and get copies of their new bytes', () => {
  const page = put('loanDetails.html', 'old page')
  const other = put('aboutUs.html', 'about')
  precompressDir(dir)
  const seen = rewriteCompressed(dir, () => {
    // What nginx finds while the release writes: no copy of the old page to send instead of the new one.
    const during = [`${page}.br`, `${page}.gz`].filter((f) => existsSync(f))
    writeFileSync(page, 'new page')
    return during
  })
  expect(seen).toEqual([])
  expect(copies(page)).toEqual({ br: 'new page', gz: 'new page' })
  expect(copies(other)).toEqual({ br: 'about', gz: 'about' })
})
