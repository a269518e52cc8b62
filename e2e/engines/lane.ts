import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

/**
 * One browser engine as the lane tests drive it: the few things the tests need (open a page, read what it
 * shows, tap and type, run a function in it, its console's problems), over whichever WebDriver protocol the
 * engine speaks. The tests are written once against this and run in every lane (e2e/engines/README.md).
 */
export interface EngineDriver {
  /** 'WebKit 2.50.6', 'Firefox 153.0': the lane's name in the report. */
  readonly engine: string
  /** The origin the lane's pages are opened on (WebKit's goes through the page hooks, page-hooks.ts). */
  readonly origin: string
  /** Opens an absolute address as a new document (a fragment-only change still loads the page). */
  navigate(url: string): Promise<void>
  currentUrl(): Promise<string>
  /** Runs a function's source in the page with JSON arguments; resolves its (awaited) JSON result. */
  run<T>(fnSource: string, args: unknown[]): Promise<T>
  /** The element the function returns, as a handle `click` and `type` take; null when it returns null. */
  element(fnSource: string, args: unknown[]): Promise<ElementHandle | null>
  /** A real tap (WebDriver element click / BiDi input actions), not a synthetic `el.click()`. */
  click(element: ElementHandle): Promise<void>
  type(element: ElementHandle, text: string): Promise<void>
  /** The viewport as the screen shows it: a PNG, base64. */
  screenshot(): Promise<string>
  /** Uncaught errors, console errors and warnings of the current page since it loaded. */
  problems(): Promise<string[]>
  /** Runs before the page's own scripts on every page opened from now on, until `clearInitScripts`. */
  addInitScript(source: string): Promise<void>
  clearInitScripts(): Promise<void>
  close(): Promise<void>
}

/** Opaque: the engine client's element reference. */
export type ElementHandle = { readonly __element: unique symbol }

/** What the user sees, as Testing Library queries it: by role and accessible name, by label, by text. */
export type Query =
  { role: string; name?: string | RegExp } | { label: string | RegExp } | { text: string | RegExp }

/** A RegExp crosses into the page as its source and flags. */
type Wire = string | { source: string; flags: string } | undefined
const wire = (value: string | RegExp | undefined): Wire =>
  value instanceof RegExp ? { source: value.source, flags: value.flags } : value

/** Testing Library's DOM queries as a browser script, put into a page the first time a query needs them. */
const testingLibrary = readFileSync(
  createRequire(import.meta.url).resolve('@testing-library/dom/dist/@testing-library/dom.umd.min.js'),
  'utf8',
)

/** In the page: the first element the query finds (Testing Library's rules), or null. */
const FIND = `(query) => {
  const tl = window.TestingLibraryDom
  const m = (v) => (v && typeof v === 'object' ? new RegExp(v.source, v.flags) : v)
  const found = query.role
    ? tl.queryAllByRole(document.body, query.role, query.name === undefined ? {} : { name: m(query.name) })
    : query.label
      ? tl.queryAllByLabelText(document.body, m(query.label))
      : tl.queryAllByText(document.body, m(query.text))
  return found[0] || null
}`

/** What a test reads of an element. */
export interface ElementState {
  checked: boolean | null
  disabled: boolean
  value: string | null
  text: string
}

/** axe-core as a browser script: its colour maths (`axe.commons.color`), for contrasts axe's rules do not check. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

const DEFAULT_WAIT_MS = 15_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function describe(query: Query): string {
  if ('role' in query) return `${query.role}${query.name === undefined ? '' : ` "${String(query.name)}"`}`
  if ('label' in query) return `labelled "${String(query.label)}"`
  return `text "${String(query.text)}"`
}

/** Visible text matching as Playwright's `getByText`: a string anywhere, any case, spaces collapsed. */
export function textMatches(haystack: string, text: string | RegExp): boolean {
  const normal = haystack.replace(/\s+/g, ' ')
  return text instanceof RegExp ? text.test(normal) : normal.toLowerCase().includes(text.toLowerCase())
}

export class Lane {
  constructor(readonly driver: EngineDriver) {}

  get engine(): string {
    return this.driver.engine
  }

  /** Opens a path of the lane's origin. */
  async goto(path: string): Promise<void> {
    await this.driver.navigate(new URL(path, this.driver.origin).href)
  }

  url(): Promise<string> {
    return this.driver.currentUrl()
  }

  /** The page's visible text (`innerText`). */
  text(): Promise<string> {
    return this.driver.run('() => document.body ? document.body.innerText : ""', [])
  }

  /** Waits until the visible text shows `text`; the error says what it showed instead. */
  async waitForText(text: string | RegExp, timeoutMs = DEFAULT_WAIT_MS): Promise<void> {
    const end = Date.now() + timeoutMs
    let shown = ''
    for (;;) {
      shown = await this.text()
      if (textMatches(shown, text)) return
      if (Date.now() > end) break
      await sleep(150)
    }
    throw new Error(
      `${this.engine}: "${String(text)}" not shown within ${timeoutMs} ms at ${await this.url()}; it showed: ${shown.replace(/\s+/g, ' ').slice(0, 400)}`,
    )
  }

  /** Waits until the visible text no longer shows `text` (a toast gone, as a borrower waits for it). */
  async waitForTextGone(text: string | RegExp, timeoutMs = DEFAULT_WAIT_MS): Promise<void> {
    const end = Date.now() + timeoutMs
    while (textMatches(await this.text(), text)) {
      if (Date.now() > end)
        throw new Error(`${this.engine}: "${String(text)}" still shown after ${timeoutMs} ms`)
      await sleep(150)
    }
  }

  /**
   * Forgets what earlier tests left in the origin's storage, as Playwright's fresh context per test does:
   * one browser session serves the whole lane.
   */
  async forgetStorage(): Promise<void> {
    if (new URL(await this.url()).origin !== new URL(this.driver.origin).origin) return
    await this.driver.run('() => { sessionStorage.clear(); localStorage.clear() }', [])
  }

  /** Waits until the page's function returns true (its last answer is in the error). */
  async waitUntil(fnSource: string, args: unknown[] = [], timeoutMs = DEFAULT_WAIT_MS): Promise<void> {
    const end = Date.now() + timeoutMs
    let last: unknown
    for (;;) {
      last = await this.evaluate(fnSource, ...args)
      if (last === true) return
      if (Date.now() > end) break
      await sleep(150)
    }
    throw new Error(`${this.engine}: ${fnSource} still ${JSON.stringify(last)} after ${timeoutMs} ms`)
  }

  /** Runs a function's source in the page, Testing Library's queries at hand (`window.TestingLibraryDom`). */
  async evaluate<T>(fnSource: string, ...args: unknown[]): Promise<T> {
    await this.withTestingLibrary()
    return this.driver.run<T>(fnSource, args)
  }

  async click(query: Query): Promise<void> {
    await this.driver.click(await this.find(query))
  }

  async type(query: Query, text: string): Promise<void> {
    await this.driver.type(await this.find(query), text)
  }

  /** What the first element the query finds says of itself. */
  async state(query: Query): Promise<ElementState> {
    await this.find(query)
    return this.driver.run(
      `(query) => {
        const el = (${FIND})(query)
        return {
          checked: 'checked' in el ? el.checked : el.getAttribute('aria-checked') === null ? null : el.getAttribute('aria-checked') === 'true',
          disabled: !!el.disabled || el.getAttribute('aria-disabled') === 'true',
          value: 'value' in el ? String(el.value) : null,
          text: el.innerText || '',
        }
      }`,
      [this.wireQuery(query)],
    )
  }

  /** Waits for the element a query finds. */
  async find(query: Query, timeoutMs = DEFAULT_WAIT_MS): Promise<ElementHandle> {
    const end = Date.now() + timeoutMs
    for (;;) {
      await this.withTestingLibrary()
      const element = await this.driver.element(FIND, [this.wireQuery(query)])
      if (element) return element
      if (Date.now() > end) break
      await sleep(150)
    }
    throw new Error(`${this.engine}: no ${describe(query)} within ${timeoutMs} ms at ${await this.url()}`)
  }

  problems(): Promise<string[]> {
    return this.driver.problems()
  }

  addInitScript(source: string): Promise<void> {
    return this.driver.addInitScript(source)
  }

  clearInitScripts(): Promise<void> {
    return this.driver.clearInitScripts()
  }

  close(): Promise<void> {
    return this.driver.close()
  }

  private wireQuery(query: Query): Record<string, Wire> {
    if ('role' in query) return { role: query.role, name: wire(query.name) }
    if ('label' in query) return { label: wire(query.label) }
    return { text: wire(query.text) }
  }

  /** Puts axe-core into the page (`window.axe`). */
  async withAxe(): Promise<void> {
    const present = await this.driver.run<boolean>('() => !!window.axe', [])
    if (!present) await this.driver.run(`() => {\n${axeSource}\n}`, [])
  }

  private async withTestingLibrary(): Promise<void> {
    const present = await this.driver.run<boolean>('() => !!window.TestingLibraryDom', [])
    if (!present) await this.driver.run(`() => {\n${testingLibrary}\n}`, [])
  }
}
