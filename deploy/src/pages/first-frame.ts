import { existsSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, posix } from 'node:path'
import type { Settings } from 'shared/contract'
import { parseSettings, themeVariables } from 'shared/host/settings'
import {
  FIRST_FRAME_ATTR,
  FIRST_FRAME_ID,
  FIRST_FRAME_MODULE,
  FRAME_LOADS_ATTR,
  type FirstFrameRenderer,
  type RenderedFirstFrame,
} from 'shared/remote/first-frame'
import { FRAME_HASHES_ATTR, frameHashStyle } from 'shared/remote/frame-hash'
import { readBuilt } from '../built-file'
import { escapeAttr, replaceLiteral } from '../settings'

const requireModule = createRequire(import.meta.url)

/** A route's first frame (ADR 0018) as its remote's release renders it. */
export interface FirstFrame {
  remote: string
  path: string
  html: string
  /** The hash routes it is the screen of (ADR 0049); any hash when its renderer does not say. */
  hashes?: readonly string[]
  /** Its screen loads its data (`RenderedFirstFrame.loads`): the page is a data route's. */
  loads?: true
  /** The stylesheets it needs to paint, inlined into the page: the remote's CSS the manifest lists. */
  styles: { href: string; file: string }[]
}

/**
 * The first-frame renderer of a release folder, or null when the release has none (built before first frames)
 * or it does not load. A folder's content never changes (a new release is a new folder), so Node's module
 * cache is the right cache.
 */
export function rendererIn(releaseDir: string): FirstFrameRenderer | null {
  const file = join(releaseDir, FIRST_FRAME_MODULE)
  if (!existsSync(file)) return null
  try {
    const renderer = requireModule(file) as Partial<FirstFrameRenderer>
    return typeof renderer.renderFirstFrame === 'function' && Array.isArray(renderer.paths)
      ? (renderer as FirstFrameRenderer)
      : null
  } catch (error) {
    console.warn(`[pages] ${file} does not load: ${(error as Error).message}`)
    return null
  }
}

/** The settings a page's screens read, as the browser parses them from the page. */
export const pageSettings = (settings: Record<string, unknown>): Settings =>
  parseSettings(JSON.stringify(settings))

/**
 * Frames already rendered. A release folder never changes and a server keeps its settings, so the Node
 * server, which renders a page on every request where none is written (the benchmark's monolith), renders
 * each frame once rather than three renders per request before the document can leave.
 */
const rendered = new Map<string, RenderedFirstFrame | null>()

/** The route's first frame from the release in `releaseDir`, or null (none, or the remote skipped it). */
export function renderFirstFrame(
  releaseDir: string,
  path: string,
  settings: Settings,
): RenderedFirstFrame | null {
  const key = JSON.stringify([releaseDir, path, settings])
  if (!rendered.has(key)) rendered.set(key, renderOnce(releaseDir, path, settings))
  return rendered.get(key) ?? null
}

function renderOnce(releaseDir: string, path: string, settings: Settings): RenderedFirstFrame | null {
  const renderer = rendererIn(releaseDir)
  // A route the remote declares no frame for paints when its code has run, as before: nothing to say.
  if (!renderer || !renderer.paths.includes(path)) return null
  try {
    const result = renderer.renderFirstFrame(path, settings)
    if ('html' in result && typeof result.html === 'string') {
      const { hashes, loads } = result
      return {
        html: result.html,
        ...(Array.isArray(hashes) && { hashes }),
        ...(loads === true && { loads }),
      }
    }
    console.warn(`[pages] no first frame: ${'skipped' in result ? result.skipped : 'no html'}`)
  } catch (error) {
    console.warn(`[pages] the first frame of ${path} failed: ${(error as Error).message}`)
  }
  return null
}

/**
 * A stylesheet's text for a `<style>` element in the page: relative `url()`s made absolute (the page is not
 * where the file is), and never a `</style` that would end the element early. Null when it is not readable.
 */
export function inlineStyle(file: string, href: string): string | null {
  if (!existsSync(file) || !statSync(file).isFile()) return null
  const folder = posix.dirname(href)
  return readBuilt(file, (css) =>
    /<\/style/i.test(css)
      ? null
      : css.replace(
          /url\((['"]?)(?![a-z][\w+.-]*:|\/|#)([^'")]+)\1\)/gi,
          (_, quote: string, url: string) => `url(${quote}${posix.join(folder, url)}${quote})`,
        ),
  )
}

/** A stylesheet link of a built page: `<link rel="stylesheet" … href="/…css">`. */
const STYLESHEET = /<link rel="stylesheet"[^>]*href="(\/[^"]+\.css)"[^>]*>/g

/**
 * The page with its stylesheet links replaced by the sheets themselves (`fileOf` finds a link's file): a
 * first frame must not wait one more round trip for its styles. Null when one cannot be inlined: content
 * painted unstyled would shift when its styles arrive.
 */
export function inlineStylesheets(page: string, fileOf: (href: string) => string | null): string | null {
  let complete = true
  const inlined = page.replace(STYLESHEET, (tag, href: string) => {
    const file = fileOf(href)
    const css = file ? inlineStyle(file, href) : null
    if (css === null) complete = false
    return css === null ? tag : `<style>${css}</style>`
  })
  return complete ? inlined : null
}

/** The theme's custom properties as `<html>`'s style, as the shell and a standalone page set them at boot. */
function colourVariables(settings: Settings): string {
  return themeVariables(settings)
    .map(([name, value]) => `${name}:${value}`)
    .join(';')
}

const ROOT = '<div id="root"></div>'

/**
 * The shell's page with the route's first frame: painted from the HTML, before any script, above the shell's
 * root until the remote takes it over (shell/src/remote/first-frame.ts). Its stylesheets, and the shell's,
 * are inlined; the colour settings the shell sets at boot are on `<html>` from the start. The page is left
 * as it is when a stylesheet cannot be inlined.
 */
export function injectFirstFrame(
  page: string,
  frame: FirstFrame,
  shellDir: string,
  settings: Settings,
): string {
  const styled = inlineStylesheets(page, (href) => join(shellDir, href.slice(1)))
  const styles = frame.styles.map((style) => inlineStyle(style.file, style.href))
  if (styled === null || styles.includes(null) || !page.includes(ROOT)) return page
  const remote = escapeAttr(frame.remote)
  const block =
    `<div id="${FIRST_FRAME_ID}" class="first-frame" data-remote="${remote}" data-path="${escapeAttr(frame.path)}"${hashesAttr(frame.hashes)}${frame.loads ? ` ${FRAME_LOADS_ATTR}` : ''}>` +
    `<div class="remote-slot" data-remote="${remote}"><div class="remote-root">${frame.html}</div></div></div>`
  const framed = replaceLiteral(
    replaceLiteral(
      styled,
      '</head>',
      `  ${[...styles, ...hashStyle(frame.hashes)].map((css) => `<style>${css}</style>`).join('')}\n  </head>`,
    ),
    ROOT,
    `${block}${ROOT}`,
  )
  return withTheme(framed, settings)
}

/** The frame's hash routes on its element, for the shell or the standalone entry to check (ADR 0049). */
const hashesAttr = (hashes: readonly string[] | undefined): string =>
  hashes ? ` ${FRAME_HASHES_ATTR}="${escapeAttr(JSON.stringify(hashes))}"` : ''

/** The rule that keeps the frame from painting on any other hash route: before any script has run. */
const hashStyle = (hashes: readonly string[] | undefined): string[] =>
  hashes ? [frameHashStyle(hashes)] : []

/** The theme on `<html>` from the first byte, as the shell and a standalone page set it at boot. */
function withTheme(page: string, settings: Settings): string {
  const vars = colourVariables(settings)
  return page.replace(/<html([^>]*)>/, (tag, attrs: string) =>
    vars ? `<html${attrs} style="${vars}">` : tag,
  )
}

/**
 * A remote's standalone page (ADR 0017) with its first frame inside its root, marked for the standalone entry
 * to hydrate (shared/src/host/standalone.tsx), and its stylesheets inlined; as it is when one cannot be.
 */
export function injectStandaloneFrame(
  page: string,
  frame: RenderedFirstFrame,
  fileOf: (href: string) => string | null,
  settings: Settings,
): string {
  const styled = inlineStylesheets(page, fileOf)
  if (styled === null || !page.includes(ROOT)) return page
  const root = `<div id="root" ${FIRST_FRAME_ATTR}${hashesAttr(frame.hashes)}>${frame.html}</div>`
  const rules = hashStyle(frame.hashes).map((css) => `<style>${css}</style>`)
  const ruled =
    rules.length > 0 ? replaceLiteral(styled, '</head>', `  ${rules.join('')}\n  </head>`) : styled
  return withTheme(replaceLiteral(ruled, ROOT, root), settings)
}
