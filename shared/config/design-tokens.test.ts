import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

/** One look (ADR 0029): every app's stylesheet draws with `shared/src/ui/tokens.css`, not with its own values. */
const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const TOKENS = join(REPO, 'shared', 'src', 'ui', 'tokens.css')
/** The demo deployment's theme colour (shared/src/host/settings.ts): the tokens' fallback for `--app-bg`. */
const ACCENT = '#0958d9'
/** Colours that are pictures, not the palette: the marketing site's banner art. */
const ART = [
  'mf-site/src/app/site.css: background: linear-gradient(135deg, #1458d6 0%, #1f8bff 100%);',
  'mf-site/src/app/site.css: background: linear-gradient(135deg, #0b7a5c 0%, #17b88a 100%);',
  'mf-site/src/app/site.css: background: linear-gradient(135deg, #b4460d 0%, #f08a24 100%);',
  'mf-site/src/app/site.css: color: rgb(255 255 255 / 85%);',
]
const COLOUR = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\(/i

function stylesheets(dir: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry)
    if (statSync(full).isDirectory()) found.push(...stylesheets(full))
    else if (entry.endsWith('.css')) found.push(full)
  }
  return found
}

const APPS = readdirSync(REPO).filter((name) => name === 'shell' || name.startsWith('mf-'))
/** The screen parts' look in shared/ui, which every app loads before its own stylesheet. */
const PARTS = join(REPO, 'shared', 'src', 'ui', 'ui.css')

/** Every declaration of every app stylesheet and of the screen parts', as `path: declaration`, comments left out. */
function declarations(): { where: string; text: string; property: string; value: string }[] {
  const found: { where: string; text: string; property: string; value: string }[] = []
  for (const files of [...APPS.map((app) => stylesheets(join(REPO, app, 'src'))), [PARTS]]) {
    for (const file of files) {
      const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')
      css.split('\n').forEach((line, index) => {
        const match = /^\s*([-\w]+):\s*(.+?);?\s*$/.exec(line)
        if (!match || line.trim().endsWith('{')) return
        found.push({
          where: `${relative(REPO, file)}:${index + 1}`,
          text: `${relative(REPO, file)}: ${line.trim()}`,
          property: match[1],
          value: match[2],
        })
      })
    }
  }
  return found
}

test('the apps are all found, each with a stylesheet', () => {
  expect(APPS.length).toBeGreaterThan(6)
  for (const app of APPS) expect(stylesheets(join(REPO, app, 'src')).length, app).toBeGreaterThan(0)
})

test('no stylesheet hard-codes the demo accent: the deployment theme reaches every screen', () => {
  const hardCoded = declarations()
    // The shell gives the property its default (`--app-bg: …`); nobody else names the colour.
    .filter((d) => d.value.toLowerCase().includes(ACCENT) && d.property !== '--app-bg')
    .map((d) => d.where)
  expect(hardCoded).toEqual([])
})

test('colours come from the tokens: no colour literal in an app stylesheet but the banner art', () => {
  const literal = declarations()
    .filter((d) => !d.property.startsWith('--app-') && COLOUR.test(d.value) && !ART.includes(d.text))
    .map((d) => d.text)
  expect(literal).toEqual([])
})

test('type sizes and radii come from the tokens (glyphs drawn with text may be larger)', () => {
  const off = declarations()
    .filter(({ property, value }) => {
      if (property === 'font-size') {
        const px = /^(\d+)px$/.exec(value)
        return px ? Number(px[1]) < 30 : !/^(var\(--ui-text-[\w-]+\)|inherit|[\d.]+(em|%))$/.test(value)
      }
      if (property === 'border-radius') {
        return !value.split(/\s+/).every((part) => /^(var\(--ui-radius(-[\w]+)?\)|0|50%)$/.test(part))
      }
      return false
    })
    .map((d) => d.text)
  expect(off).toEqual([])
})

test('every token an app reads is defined in tokens.css', () => {
  const defined = new Set([...readFileSync(TOKENS, 'utf8').matchAll(/(--ui-[\w-]+):/g)].map((m) => m[1]))
  const read = new Set(
    declarations().flatMap((d) => [...d.value.matchAll(/var\((--ui-[\w-]+)/g)].map((m) => m[1])),
  )
  expect([...read].filter((name) => !defined.has(name))).toEqual([])
  expect(read.size).toBeGreaterThan(20)
})

test("every app loads the tokens before its own stylesheet, from shared's one file", () => {
  for (const app of APPS) {
    const sources = stylesheets(join(REPO, app, 'src')).map((css) => relative(join(REPO, app, 'src'), css))
    const importers = readdirSync(join(REPO, app, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
      .map((file) => readFileSync(join(REPO, app, 'src', file), 'utf8'))
      .filter((code) => code.includes("import 'shared/ui/tokens.css'"))
    expect(importers.length, `${app} imports shared/ui/tokens.css`).toBe(1)
    const code = importers[0]
    const ownSheet = /import '(\.{1,2}\/[^']+\.css)'/.exec(code)
    expect(ownSheet, `${app}: its stylesheet is imported next to the tokens`).not.toBeNull()
    expect(code.indexOf("import 'shared/ui/tokens.css'")).toBeLessThan(code.indexOf(ownSheet![0]))
    expect(sources.length).toBeGreaterThan(0)
  }
})

test('the accent wash is read only as a background: below iOS 16.2 it is a layer over the accent', () => {
  const tokens = readFileSync(TOKENS, 'utf8')
  expect(tokens).toMatch(
    /@supports not \(color: color-mix\([^)]*\)\) \{\s*:root \{\s*--ui-accent-soft: linear-gradient\(rgb\(255 255 255 \/ 91%\), rgb\(255 255 255 \/ 91%\)\) var\(--ui-accent\);/,
  )
  const readers = declarations().filter((d) => d.value.includes('var(--ui-accent-soft)'))
  expect(readers.length).toBeGreaterThan(3)
  expect(readers.filter((d) => d.property !== 'background').map((d) => d.text)).toEqual([])
})

test("an app that draws with the screen parts' classes loads their stylesheet, through shared/ui/screen-parts", () => {
  const sources = (app: string) =>
    readdirSync(join(REPO, app, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.includes('.test.'))
      .map((file) => readFileSync(join(REPO, app, 'src', file), 'utf8'))
  const partClasses = [...readFileSync(PARTS, 'utf8').matchAll(/^\.(ui-[\w-]+)/gm)].map((m) => m[1])
  expect(partClasses).toContain('ui-app')
  const drawing = APPS.filter((app) =>
    sources(app).some((code) =>
      partClasses.some((name) => new RegExp(`className=[^>]*\\b${name}\\b`).test(code)),
    ),
  )
  expect(drawing.length).toBeGreaterThan(3)
  for (const app of drawing) {
    expect(
      sources(app).some((code) => code.includes("from 'shared/ui/screen-parts'")),
      `${app} imports shared/ui/screen-parts`,
    ).toBe(true)
  }
})
