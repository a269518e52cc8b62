import puppeteer, { type ElementHandle as PuppeteerElement } from 'puppeteer-core'
import type { ElementHandle, EngineDriver } from './lane.ts'

/** Debian's Firefox ESR: it speaks WebDriver BiDi itself, so no geckodriver (ADR 0046). */
export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'

/** Firefox ESR, headless, driven by puppeteer-core over WebDriver BiDi (the W3C protocol, not CDP). */
export async function openFirefox(
  appOrigin: string,
  viewport: { width: number; height: number },
): Promise<EngineDriver> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    defaultViewport: viewport,
  })
  const page = await browser.newPage()
  await page.setViewport(viewport)
  let problems: string[] = []
  page.on('console', (message) => {
    const type = message.type()
    if (type === 'error' || type === 'warn') problems.push(`${type}: ${message.text()}`)
  })
  // Firefox also sends its own notices (a cookie it refused, say) as page errors: those have no stack frames.
  page.on('pageerror', (error) => {
    const thrown = error instanceof Error && /\n\s+at /.test(error.stack ?? '')
    problems.push(
      `${thrown ? 'uncaught' : 'notice'}: ${error instanceof Error ? error.message : String(error)}`,
    )
  })
  let scripts: string[] = []

  const run = <T>(fnSource: string, args: unknown[]) =>
    page.evaluate(`(${fnSource}).apply(null, ${JSON.stringify(args)})`) as Promise<T>

  return {
    engine: `Firefox ${(await browser.version()).replace(/^firefox\//i, '')}`,
    origin: appOrigin,
    async navigate(target) {
      // A change of the fragment alone would not load the page again.
      if (page.url().split('#')[0] === target.split('#')[0]) await page.goto('about:blank')
      problems = []
      await page.goto(target)
    },
    currentUrl: async () => page.url(),
    run,
    async element(fnSource, args) {
      const handle = await page.evaluateHandle(`(${fnSource}).apply(null, ${JSON.stringify(args)})`)
      const element = handle.asElement()
      if (!element) await handle.dispose()
      return element as unknown as ElementHandle | null
    },
    async click(element) {
      await (element as unknown as PuppeteerElement<Element>).click()
    },
    async type(element, text) {
      await (element as unknown as PuppeteerElement<Element>).type(text)
    },
    screenshot: () => page.screenshot({ encoding: 'base64' }),
    problems: async () => problems.slice(),
    async addInitScript(source) {
      scripts.push((await page.evaluateOnNewDocument(source)).identifier)
    },
    async clearInitScripts() {
      for (const id of scripts) await page.removeScriptToEvaluateOnNewDocument(id)
      scripts = []
    },
    close: () => browser.close(),
  }
}
