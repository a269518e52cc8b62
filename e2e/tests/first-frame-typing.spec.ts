import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test'

/**
 * No keystroke or tap lost on the ad landing under a slow CPU (issue #40, item 5). The landing paints its form
 * from the HTML (ADR 0018); a visitor types the phone, the picture captcha and the SMS code and taps 'get
 * verification code' before, while and just after the screen hydrates. Each try is a fresh page with the CPU
 * throttled through CDP; the page's entry script is held until the typing has started (every try starts on
 * the bare first frame) and let go at a different moment of it, so that hydration lands at different keys:
 * during the phone, between two fields, during the tap, or after all of it (the tap then replayed, ADR 0032).
 * After hydration every field holds exactly what was typed and the code was asked for exactly once.
 */

/** When the entry script is let go, in ms after the first key, try by try; `null`: once the tap is done. */
const RELEASES = [0, 100, 200, 350, 500, 700, 900, 1200, 1600, null]

const ENTRIES = ['/promotion?id=7#/registerTemplate', '/standalone/promotion?id=7']

const SENT = '验证码已发送，请在手机上查看！'
/** What the screen says when a field it checks is empty, or when the tap came twice: none may show. */
const REFUSALS = ['请正确输入手机号！', '请正确输入图形验证码！', '请勿重复发送验证码!', '图形验证码错误']

// Snapshots of every key on a throttled page would be most of the run's time.
test.use({ trace: 'off' })

/**
 * 30 tries at each rate on the embedded server, as the issue asks, in `pnpm test:release`
 * (FIRST_FRAME_TRIES=30); the gate's `pnpm test` makes the first 10 of that schedule, spread over it alike
 * (ADR 0051). Both servers hand out the same pages and scripts (the release step writes them once), and what
 * is tested happens in the page, so the nginx project runs 3 tries of each to show the proxy path changes
 * nothing.
 */
const triesOn = (project: string) => (project === 'nginx' ? 3 : Number(process.env.FIRST_FRAME_TRIES ?? 10))

/** 1, 3–9, nine digits: a phone nobody has registered on the shared demo server. */
const freshPhone = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`

/** Records every text the page puts on screen from now on, so a toast shown and gone is still counted. */
const recordShown = (page: Page) =>
  page.evaluate(() => {
    const shown: string[] = ((window as unknown as { shown: string[] }).shown = [])
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node.textContent) shown.push(node.textContent)
    }).observe(document.body, { childList: true, subtree: true })
  })

const shownOn = (page: Page) => page.evaluate(() => (window as unknown as { shown: string[] }).shown)

const mountedAt = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName('remote-mounted')[0]?.startTime ?? null)

/**
 * Types into `field` as a phone's keyboard does (input events, no key events: the landing listens to none),
 * into whatever has the focus then: a key whose field lost the focus is lost. The captcha goes a character at
 * a time; the phone and the SMS code each in one input, which keeps a try short on a throttled page.
 */
async function typeInto(page: Page, field: Locator, text: string, oneByOne = false) {
  await field.focus()
  for (const part of oneByOne ? text : [text]) await page.keyboard.insertText(part)
}

/** The captcha's characters, read from the picture the page preloaded into the first frame. */
async function readCaptcha(page: Page): Promise<string> {
  const picture = page.getByRole('img', { name: '图形验证码图片' })
  await expect(picture).toHaveAttribute('src', /sid=/)
  const src = new URL((await picture.getAttribute('src'))!, page.url()).href
  // On a connection of its own: the tries are about as far apart as the server's keep-alive (5 s), and a
  // request sent on a kept connection just as the server closes it fails with ECONNRESET (a CI run did).
  const svg = await (await page.request.get(src, { headers: { Connection: 'close' } })).text()
  return [...svg.matchAll(/<text[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]).join('')
}

async function tryOnce(context: BrowserContext, rate: number, entry: string, release: number | null) {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  const asked: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/promotion/get-sms')) asked.push(r.postData() ?? '')
  })
  // The entry scripts (the shell's, the standalone page's, the remote's first chunk) wait at the browser until
  // let go; nothing else is intercepted, so the page's other requests take no detour through this process.
  let letGo!: () => void
  const held = new Promise<void>((resolve) => (letGo = resolve))
  cdp.on('Fetch.requestPaused', ({ requestId }) => {
    void held.then(() => cdp.send('Fetch.continueRequest', { requestId }).catch(() => undefined))
  })
  await cdp.send('Fetch.enable', {
    patterns: [{ urlPattern: '*/assets/index-*.js', requestStage: 'Request' }],
  })
  await page.goto(entry, { waitUntil: 'commit' })
  const phoneField = page.getByLabel('手机号')
  const captchaField = page.getByLabel('图形验证码', { exact: true })
  const smsField = page.getByLabel('短信验证码')
  await expect(phoneField).toBeVisible()
  const captcha = await readCaptcha(page)
  const phone = freshPhone()
  const code = phone.slice(-6)
  // Slow from the first frame on: the typing, the entry script and the hydration all run on the slow CPU.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  await recordShown(page)

  // The typing starts on the bare first frame: the screen has not hydrated it.
  expect(await page.evaluate(() => !!document.querySelector('[data-first-frame], #first-frame'))).toBe(true)
  expect(await mountedAt(page)).toBeNull()
  if (release !== null) setTimeout(letGo, release)
  await typeInto(page, phoneField, phone)
  await typeInto(page, captchaField, captcha, true)
  await typeInto(page, smsField, code)
  await page.getByRole('button', { name: 'get verification code' }).click()
  const typed = await page.evaluate(() => performance.now())
  letGo()

  // Whatever the screen answers the tap with (the comparison below shows it, whichever it is).
  await page
    .waitForFunction(
      (texts) =>
        (window as unknown as { shown: string[] }).shown.some((t) => texts.some((x) => t.includes(x))),
      [SENT, ...REFUSALS],
      { timeout: 20_000 },
    )
    .catch(() => undefined)
  const mounted = await mountedAt(page)
  const shown = await shownOn(page)
  const kept = {
    phone: await phoneField.inputValue(),
    captcha: await captchaField.inputValue(),
    sms: await smsField.inputValue(),
    asked: asked.map(
      (body) => `${new URLSearchParams(body).get('phone')} ${new URLSearchParams(body).get('capcode')}`,
    ),
    sent: shown.filter((text) => text.includes(SENT)).length,
    refused: shown.filter((text) => REFUSALS.some((refusal) => text.includes(refusal))),
  }
  await page.close()
  return {
    hydrated: mounted === null ? 'never' : mounted < typed ? 'while typing' : 'after the tap',
    kept,
    typed: { phone, captcha, sms: code, asked: [`${phone} ${captcha}`], sent: 1, refused: [] },
  }
}

for (const rate of [4, 6]) {
  test(`CPU ${rate}× slower: every key and the tap made before and while the landing hydrates are kept`, async ({
    browser,
  }, info) => {
    const tries = triesOn(info.project.name)
    test.setTimeout(tries * 20_000)
    const context = await browser.newContext(info.project.use)
    const hydrated: string[] = []
    // Fewer tries still spread over the whole schedule.
    const stride = Math.max(1, Math.floor(RELEASES.length / tries))
    for (let i = 0; i < tries; i++) {
      const entry = ENTRIES[i % ENTRIES.length]
      const release = RELEASES[(i * stride) % RELEASES.length]
      const result = await tryOnce(context, rate, entry, release)
      hydrated.push(result.hydrated)
      expect(result.kept, `try ${i + 1}: ${entry}, script let go ${release ?? 'after the tap'}`).toEqual(
        result.typed,
      )
    }
    await context.close()
    // The tries hit the race: the screen hydrated among the keys (not only before or after all of them).
    expect(hydrated).toContain('while typing')
    info.annotations.push({ type: 'hydrated', description: hydrated.join(', ') })
  })
}
