import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { Capabilities, WebDriver, WebElement } from 'selenium-webdriver'
import { Executor, HttpClient } from 'selenium-webdriver/http/index.js'
import type { ElementHandle, EngineDriver } from './lane.ts'
import { startPageHooks } from './page-hooks.ts'
import { RECORD_PROBLEMS } from './page-scripts.ts'

/** Debian's webkit2gtk-driver: WebKit's own WebDriver and the WebKitGTK browser it automates. */
export const WEBKIT = {
  driver: process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver',
  // libwebkit2gtk-4.1-0 (a dependency of the driver) installs it under the machine's multiarch directory.
  browser:
    process.env.WEBKIT_BROWSER ??
    `/usr/lib/${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/webkit2gtk-4.1/MiniBrowser`,
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function waitForDriver(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const end = Date.now() + 20_000
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited (${child.exitCode}): ${log()}`)
    try {
      if ((await fetch(`${url}/status`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`WebKitWebDriver did not answer on ${url} within 20 s: ${log()}`)
}

/**
 * WebKitGTK's MiniBrowser under Xvfb (it has no headless mode), driven by selenium-webdriver over classic
 * WebDriver. The page hooks (page-hooks.ts) give it what classic WebDriver lacks: scripts before the page's
 * own, and so its console's problems.
 */
export async function openWebKit(
  appOrigin: string,
  viewport: { width: number; height: number },
): Promise<EngineDriver> {
  const hooks = await startPageHooks(appOrigin)
  const port = await freePort()
  let output = ''
  // A screen the size of the suite's viewport, the browser full-screen on it: the page gets exactly 412×823,
  // as on a phone (a window cannot be narrower than MiniBrowser's toolbar, 447 px). Its own process group, so
  // closing the lane ends Xvfb and the browser with the driver.
  const child = spawn(
    'xvfb-run',
    ['-a', '-s', `-screen 0 ${viewport.width}x${viewport.height}x24`, WEBKIT.driver, `--port=${port}`],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000)))
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000)))
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
  const url = `http://127.0.0.1:${port}`
  let driver: WebDriver
  try {
    await waitForDriver(url, child, () => output)
    // No browserName: WebKitWebDriver drives the one browser it is given.
    driver = WebDriver.createSession(
      new Executor(new HttpClient(url)),
      new Capabilities({
        'webkitgtk:browserOptions': { binary: WEBKIT.browser, args: ['--automation', '--full-screen'] },
      }),
    )
    await driver.getSession()
  } catch (error) {
    stop()
    await hooks.close()
    throw error
  }
  const version = (await driver.getCapabilities()).get('browserVersion') as string

  // Full-screen, MiniBrowser hides its toolbar (which keeps a window 447 px wide at least); there is no window
  // manager under Xvfb, so the window keeps the size it is given, which is then the page's viewport.
  await driver
    .manage()
    .window()
    .setRect({ x: 0, y: 0, ...viewport })
  const size = (await driver.executeScript('return [innerWidth, innerHeight]')) as number[]
  if (size[0] !== viewport.width || size[1] !== viewport.height) {
    await driver.quit().finally(stop)
    await hooks.close()
    throw new Error(`WebKit's viewport is ${size.join('×')}, not ${viewport.width}×${viewport.height}`)
  }

  let userScripts: string[] = []
  const applyScripts = () => (hooks.scripts = [RECORD_PROBLEMS, ...userScripts])
  applyScripts()

  const run = <T>(fnSource: string, args: unknown[]) =>
    driver.executeScript(`return (${fnSource}).apply(null, arguments)`, ...args) as Promise<T>

  return {
    engine: `WebKit ${version}`,
    origin: hooks.origin,
    async navigate(target) {
      const current = await driver.getCurrentUrl()
      // A change of the fragment alone would not load the page again.
      if (current.split('#')[0] === target.split('#')[0]) await driver.get('about:blank')
      await driver.get(target)
    },
    currentUrl: () => driver.getCurrentUrl(),
    run,
    async element(fnSource, args) {
      const found = await run<unknown>(fnSource, args)
      return found instanceof WebElement ? (found as unknown as ElementHandle) : null
    },
    async click(element) {
      await (element as unknown as WebElement).click()
    },
    async type(element, text) {
      await (element as unknown as WebElement).sendKeys(text)
    },
    // The whole viewport: WebKitGTK's element screenshots come out black.
    screenshot: () => driver.takeScreenshot(),
    problems: () => run<string[]>('() => (window.__laneProblems || []).slice()', []),
    async addInitScript(source) {
      userScripts.push(source)
      applyScripts()
    },
    async clearInitScripts() {
      userScripts = []
      applyScripts()
    },
    async close() {
      try {
        await driver.quit()
      } finally {
        stop()
        await hooks.close()
      }
    },
  }
}
