import { expect, test, type Page } from '@playwright/test'

const AD_QUERY = 'id=7&app_from=fb&user_from=u-42&utm_tag=summer&invite_code=INV9&links_id=L1'
const CARRIED = '?app_from=fb&user_from=u-42&utm_tag=summer&id=7&links_id=L1'
const APK = 'https://partners.cashloan-demo.ph/app/cashloan.apk'

/**
 * A phone nobody has registered on this demo server yet (both projects and every worker share its store):
 * 1, 3–9, nine digits.
 */
function freshPhone(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`
}

/** The demo SMS code: the phone's last six digits (mf-promotion README, 'Demo API'). */
const smsCodeFor = (phone: string) => phone.slice(-6)

const captchaImage = (page: Page) => page.getByRole('img', { name: '图形验证码图片' })

/** Reads the captcha picture as a visitor would: the same image again, its drawn characters. */
async function readCaptcha(page: Page): Promise<string> {
  const src = await captchaImage(page).getAttribute('src')
  const svg = await (await page.request.get(src!)).text()
  return [...svg.matchAll(/<text[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]).join('')
}

async function openLanding(page: Page, path = `/promotion?${AD_QUERY}#/registerTemplate`) {
  await page.goto(path)
  await expect(page.getByRole('heading', { name: '极速借款，最快3分钟到账' })).toBeVisible()
  // The picture has really loaded (a broken image has no natural width).
  await expect
    .poll(() => captchaImage(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
}

/** Holds back the page's entry script (the shell's, or the standalone page's) until `release` is called. */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}

async function fillPhoneAndCaptcha(page: Page, phone: string) {
  await page.getByLabel('手机号').fill(phone)
  await page.getByLabel('图形验证码', { exact: true }).fill(await readCaptcha(page))
}

test('full registration through the shell: SMS code, countdown, register, then the download page', async ({
  page,
}) => {
  const apk: string[] = []
  await page.route('https://partners.cashloan-demo.ph/**', (route) => {
    apk.push(route.request().url())
    return route.fulfill({ status: 200, contentType: 'text/plain', body: 'apk' })
  })
  const registers: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/api/v2/promo/promotion/register')) registers.push(r.postData() ?? '')
  })
  const phone = freshPhone()
  await openLanding(page)
  await fillPhoneAndCaptcha(page, phone)
  await page.getByRole('button', { name: 'get verification code' }).click()
  await expect(page.getByText('验证码已发送，请在手机上查看！')).toBeVisible()
  await expect(page.getByRole('button', { name: /^\d+s$/ })).toBeVisible()
  // Blocked while it counts (aria-disabled), yet a tap says why.
  await page.getByRole('button', { name: /^\d+s$/ }).click({ force: true })
  await expect(page.getByText('请勿重复发送验证码!')).toBeVisible()

  await page.getByLabel('短信验证码').fill(smsCodeFor(phone))
  await page.getByRole('button', { name: '立即申请' }).dblclick()
  await expect(page.getByText('注册成功', { exact: true })).toBeVisible()
  await expect(page).toHaveURL(`/promotion${CARRIED}#/downloadTemplate`)
  await expect(page.getByRole('heading', { name: '注册成功，下载APP立即借款' })).toBeVisible()
  expect(registers).toHaveLength(1)
  expect(Object.fromEntries(new URLSearchParams(registers[0]))).toMatchObject({
    phone,
    userName: phone,
    merchantNumber: '0',
    smsCode: smsCodeFor(phone),
    invite_code: 'INV9',
    id: '7',
  })

  await page.getByRole('button', { name: '下载APP' }).click()
  await expect.poll(() => apk).toEqual([APK])
})

test('an already registered phone: the message, then the download page', async ({ page }) => {
  await openLanding(page)
  await fillPhoneAndCaptcha(page, '13800000011')
  await page.getByRole('button', { name: 'get verification code' }).click()
  await expect(page.getByText('您已注册,请直接下载APP登录！')).toBeVisible()
  await expect(page).toHaveURL(`/promotion${CARRIED}#/downloadTemplate`)
  await expect(page.getByRole('heading', { name: '注册成功，下载APP立即借款' })).toBeVisible()
})

test('a wrong picture captcha: the server message, a new picture, the typed text cleared', async ({
  page,
}) => {
  await openLanding(page)
  await page.getByLabel('手机号').fill(freshPhone())
  const first = await captchaImage(page).getAttribute('src')
  const answer = await readCaptcha(page)
  await page.getByLabel('图形验证码', { exact: true }).fill(answer === 'ZZZZ' ? 'YYYY' : 'ZZZZ')
  await page.getByRole('button', { name: 'get verification code' }).click()
  await expect(page.getByText('图形验证码错误')).toBeVisible()
  await expect(captchaImage(page)).not.toHaveAttribute('src', first!)
  await expect(page.getByLabel('图形验证码', { exact: true })).toHaveValue('')
  await expect(page.getByRole('button', { name: 'get verification code' })).toBeVisible()
})

test('the agreement link opens #/agreementTemplate; back returns to the landing as it was left', async ({
  page,
}) => {
  const visits: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/promotion/track-visit')) visits.push(r.url())
  })
  await openLanding(page)
  await page.getByLabel('手机号').fill('13912345678')
  const picture = await captchaImage(page).getAttribute('src')
  await page.getByRole('link', { name: '《用户注册协议》' }).click()
  await expect(page).toHaveURL(`/promotion${CARRIED}#/agreementTemplate`)
  await expect(page.getByRole('heading', { name: '用户注册协议', level: 1 })).toBeVisible()
  await expect(page.getByLabel('手机号')).toBeHidden()
  await page.goBack()
  // The same landing: what was typed, the same picture, one visit counted.
  await expect(page.getByLabel('手机号')).toHaveValue('13912345678')
  expect(await captchaImage(page).getAttribute('src')).toBe(picture)
  expect(visits).toHaveLength(1)
})

test('the standalone entry for ad links: its own page without the shell, registration to download', async ({
  page,
}) => {
  const requested: string[] = []
  page.on('request', (r) => requested.push(new URL(r.url()).pathname))
  const phone = freshPhone()
  await openLanding(page, `/standalone/promotion?${AD_QUERY}#/registerTemplate`)
  // Its own build from the current release, no shell: no registry, no federation entry.
  expect(requested.some((p) => /^\/remotes\/mf-promotion\/[^/]+\/standalone\/assets\/.+\.js$/.test(p))).toBe(
    true,
  )
  expect(requested).not.toContain('/registry.json')
  expect(requested.some((p) => p.endsWith('remoteEntry.js') || p.endsWith('mf-manifest.json'))).toBe(false)

  await fillPhoneAndCaptcha(page, phone)
  await page.getByRole('button', { name: 'get verification code' }).click()
  await expect(page.getByText('验证码已发送，请在手机上查看！')).toBeVisible()
  await page.getByLabel('短信验证码').fill(smsCodeFor(phone))
  await page.getByRole('button', { name: '立即申请' }).click()
  await expect(page.getByText('注册成功', { exact: true })).toBeVisible()
  await expect(page).toHaveURL(`/standalone/promotion${CARRIED}#/downloadTemplate`)
  await expect(page.getByRole('heading', { name: '注册成功，下载APP立即借款' })).toBeVisible()

  const apk: string[] = []
  await page.route('https://partners.cashloan-demo.ph/**', (route) => {
    apk.push(route.request().url())
    return route.fulfill({ status: 200, contentType: 'text/plain', body: 'apk' })
  })
  // The deployment's settings reach the standalone page: the guard allows the demo's partner host.
  await page.getByRole('button', { name: '下载APP' }).click()
  await expect.poll(() => apk).toEqual([APK])
})

for (const entry of ['/promotion', '/standalone/promotion']) {
  test(`${entry}: the template, the captcha session and its picture start from the page, each asked once`, async ({
    page,
  }) => {
    const asked: string[] = []
    page.on('request', (r) => {
      const name = new URL(r.url()).pathname.split('/').pop()!
      if (['channel-template', 'get-sid', 'get-captcha'].includes(name))
        asked.push(`${name} ${r.resourceType()}`)
    })
    await openLanding(page, `${entry}?${AD_QUERY}#/registerTemplate`)
    await page.waitForLoadState('networkidle')
    // The page's inline script sends both reads (fetch: the screen's own calls would be XHR) and preloads the
    // picture the moment get-sid answers; the screen shows that very picture, so it is fetched once.
    expect(asked.filter((a) => !a.startsWith('get-captcha')).sort()).toEqual([
      'channel-template fetch',
      'get-sid fetch',
    ])
    expect(asked.filter((a) => a.startsWith('get-captcha'))).toHaveLength(1)
    const preloaded = await page.locator('link[rel=preload][as=image]').getAttribute('href')
    expect(await captchaImage(page).evaluate((img: HTMLImageElement) => img.src)).toBe(
      new URL(preloaded!, page.url()).href,
    )
  })
}

for (const entry of ['/promotion', '/standalone/promotion']) {
  test(`${entry}: what a visitor types before the JS arrives is kept, and the screen checks it`, async ({
    page,
  }) => {
    // The page's script is held back: the visitor types into the first frame, which the HTML paints.
    const release = await holdEntryScript(page)
    await page.goto(`${entry}?${AD_QUERY}`, { waitUntil: 'commit' })
    const phone = page.getByLabel('手机号')
    await phone.pressSequentially('139123456789')
    await expect(phone).toHaveValue('139123456789')
    expect(await page.evaluate(() => performance.getEntriesByName('remote-mounted').length)).toBe(0)

    release()
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByName('remote-mounted').length))
      .toBe(1)
    // Kept, with the screen's 11-digit limit applied; the screen's own check finds a phone and asks for the
    // picture captcha next (an empty phone would be '请正确输入手机号！').
    await expect(phone).toHaveValue('13912345678')
    await page.getByRole('button', { name: 'get verification code' }).click()
    await expect(page.getByText('请正确输入图形验证码！')).toBeVisible()
  })
}

for (const entry of ['/promotion', '/standalone/promotion']) {
  test(`${entry}: the captcha picture paints from the page before the JS arrives, and the screen keeps it`, async ({
    page,
  }) => {
    const captchas: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/promotion/get-captcha')) captchas.push(r.url())
    })
    const release = await holdEntryScript(page)
    await page.goto(`${entry}?${AD_QUERY}`, { waitUntil: 'commit' })
    // The page's script fills the frame's slot the moment get-sid answers: a real picture, no JS.
    await expect
      .poll(() => captchaImage(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0)
    await expect(page.getByText('换一张', { exact: true })).toBeHidden()
    expect(await page.evaluate(() => performance.getEntriesByName('remote-mounted').length)).toBe(0)
    const painted = await captchaImage(page).getAttribute('src')

    release()
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByName('remote-mounted').length))
      .toBe(1)
    // The hydrated screen shows that same picture (fetched once), and a refresh still gives a new one.
    expect(await captchaImage(page).getAttribute('src')).toBe(painted)
    expect(captchas).toHaveLength(1)
    await page.getByLabel('手机号').fill(freshPhone())
    await page.getByRole('button', { name: '换一张' }).click()
    await expect.poll(() => captchaImage(page).getAttribute('src')).not.toBe(painted)
    await expect
      .poll(() => captchaImage(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0)
  })
}

for (const entry of ['/promotion', '/standalone/promotion']) {
  test(`${entry}: apply or Enter before the JS arrives reloads nothing; the ad link and what was typed stay`, async ({
    page,
  }) => {
    const release = await holdEntryScript(page)
    await page.goto(`${entry}?${AD_QUERY}#/registerTemplate`, { waitUntil: 'commit' })
    const url = page.url()
    const phone = page.getByLabel('手机号')
    await phone.fill('13912345678')
    await phone.press('Enter')
    await page.getByRole('button', { name: '立即申请' }).click()
    // The browser submitted nothing (the first frame's form is method="dialog"): same address, same field.
    expect(page.url()).toBe(url)
    await expect(phone).toHaveValue('13912345678')

    const visit = page.waitForRequest((r) => r.url().includes('/promotion/track-visit'))
    release()
    // The screen runs with the ad link's parameters and what was typed.
    expect(new URL((await visit).url()).searchParams.get('page_id')).toBe('7')
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByName('remote-mounted').length))
      .toBe(1)
    await page.getByRole('button', { name: '立即申请' }).click()
    await expect(page.getByText('请正确输入图形验证码！')).toBeVisible()
  })
}
