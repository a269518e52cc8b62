import { expect, test } from '@playwright/test'
import { staticPageOf } from './static-page'
import { answerDotlessSupportEmail } from './support-email'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

test('entry → type → sub-type → form → two images → send → back to the entry', async ({ page }) => {
  const saves: URLSearchParams[] = []
  page.on('request', (r) => {
    if (r.url().includes('/user-problem/problem-save')) saves.push(new URLSearchParams(r.postData() ?? ''))
  })
  await page.goto('/complaint?productId=1&orderId=86')
  await expect(page.getByRole('heading', { name: 'Select question type' })).toBeVisible()
  await page.getByRole('button', { name: 'Collection complaint' }).click()
  await page.getByRole('button', { name: 'Too many calls or messages' }).click()

  await expect(page).toHaveURL(/\/complainPageNext\?/)
  const url = new URL(page.url())
  expect(url.searchParams.get('problemType')).toBe('1')
  expect(url.searchParams.get('problemSonType')).toBe('3')
  expect(url.searchParams.get('orderNo')).toBeTruthy()
  await expect(page.getByText('Too many calls or messages')).toBeVisible()

  const add = page.getByLabel('Add image')
  await add.setInputFiles({ name: 'chat.png', mimeType: 'image/png', buffer: PNG })
  await expect(page.getByRole('img', { name: 'Evidence image 1' })).toBeVisible()
  await add.setInputFiles({ name: 'sms.png', mimeType: 'image/png', buffer: PNG })
  await expect(page.getByRole('img', { name: 'Evidence image 2' })).toBeVisible()

  const description = page.getByLabel('Problem description')
  await description.fill('They call me ten times a day.')
  await expect(page.getByText('29/200')).toBeVisible()
  // A double tap sends once.
  await page.getByRole('button', { name: 'Send' }).dblclick()
  await expect(page.getByText('Successfully Sent')).toBeVisible()
  await expect(page).toHaveURL(/\/complaint\?productId=1&orderId=86$/, { timeout: 5_000 })
  await expect(page.getByRole('heading', { name: 'Select question type' })).toBeVisible()

  expect(saves).toHaveLength(1)
  const body = saves[0]
  expect(body.get('problemType')).toBe('1')
  expect(body.get('problemSonType')).toBe('3')
  expect(body.get('problemDetail')).toBe('They call me ten times a day.')
  expect(body.get('problemImage')!.split(',')).toHaveLength(2)
})

test('an empty description is refused before any call', async ({ page }) => {
  await page.goto('/complainPageNext?problemType=2&problemSonType=&orderNo=LN20241105001')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('Please fill in your comments and suggestions')).toBeVisible()
})

test('a collection complaint on an order that does not allow it is refused', async ({ page }) => {
  await page.goto('/complaint?orderId=87')
  await page.getByRole('button', { name: 'Collection complaint' }).click()
  await expect(page.getByText('El pedido seleccionado no admite el envío de tipo de colección')).toBeVisible()
  await expect(page).toHaveURL(/\/complaint\?orderId=87$/)
})

test('a collection complaint whose server sends no sub-types reaches the form, sub-type empty, and sends', async ({
  page,
}) => {
  // The demo always has sub-types: the same answer, without them, to the screen's own call (a static page).
  await page.route('**/user-problem/problem-init*', async (route) => {
    const response = await route.fetch()
    const body = await response.json()
    await route.fulfill({ response, json: { ...body, data: { ...body.data, problemSonType: [] } } })
  })
  const saved = page.waitForRequest((r) => r.url().includes('/user-problem/problem-save'))
  await page.goto(staticPageOf('/complaint?productId=1&orderId=86'))
  await page.getByRole('button', { name: 'Collection complaint' }).click()
  await expect(page).toHaveURL(/\/complainPageNext\?problemType=1&problemSonType=&orderNo=CL20241105086&/)
  await expect(page.getByRole('list', { name: 'Question type' })).toHaveText('Collection complaint')
  await page.getByLabel('Problem description').fill('Someone from collection called my employer.')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('Successfully Sent')).toBeVisible()
  const body = new URLSearchParams((await saved).postData() ?? '')
  expect(body.get('problemType')).toBe('1')
  expect(body.get('problemSonType')).toBe('')
})

test('list → detail → rate the service', async ({ page }) => {
  await page.goto('/complaintList')
  await expect(page.getByRole('heading', { name: 'My complaints' })).toBeVisible()
  await expect(page.getByText('Problem Type').first()).toBeVisible()
  await page.getByRole('button').filter({ hasText: 'Problem Type' }).first().click()
  await expect(page).toHaveURL(/\/complainDetails\?problemId=\w+/)
  await expect(page.getByRole('region', { name: 'Question type' })).toBeVisible()
  // The demo asks each session (sessionId) once, so this test brings its own.
  await page.goto(`/complainDetails?problemId=2001&sessionId=rate-${test.info().project.name}-${Date.now()}`)
  await expect(page.getByText('Process Result')).toBeVisible()
  // The rating modal opens 3 s after the detail has loaded.
  const stars = page.getByRole('group', { name: 'Please rate this service' })
  await expect(stars).toBeVisible({ timeout: 6_000 })
  await page.getByRole('button', { name: 'Send' }).last().click()
  await expect(page.getByText('Silakan pilih')).toBeVisible()
  await page.getByRole('button', { name: '4 stars' }).click()
  await expect(page.getByRole('button', { name: '4 stars' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('button', { name: '5 stars' })).toHaveAttribute('aria-pressed', 'false')
  const saved = page.waitForRequest((r) => r.url().includes('/user-problem/save-score'))
  await page.getByRole('button', { name: 'Send' }).last().click()
  expect(new URLSearchParams((await saved).postData() ?? '').get('score')).toBe('4')
  await expect(page.getByText('Successful demonstration！')).toBeVisible()
  await expect(stars).toBeHidden()
})

test('customer service: telephone dials through the app bridge, e-mail is shown', async ({ page }) => {
  await page.addInitScript(() => {
    const calls: unknown[] = []
    Object.assign(window, {
      __bridgeCalls: calls,
      webkit: {
        messageHandlers: { callTelephone: { postMessage: (payload: unknown) => calls.push(payload) } },
      },
    })
  })
  await page.goto('/customerService')
  await expect(page.getByText('Telephone')).toBeVisible()
  await expect(page.getByText('support@cashloan-demo.ph')).toBeVisible()
  await page.getByRole('button', { name: /Telephone/ }).click()
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __bridgeCalls: unknown[] }).__bridgeCalls))
    .toEqual([['+63 917 555 0100']])
})

test('the test page links land on working complaint and customer service screens', async ({ page }) => {
  await page.goto('/testPreview')
  await page.getByRole('link', { name: 'Complaint', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Select question type' })).toBeVisible()
  await page.goto('/testPreview')
  await page.getByRole('link', { name: 'Customer service', exact: true }).click()
  await expect(page.getByText('E-Mail')).toBeVisible()
})

test("customer service: an e-mail that opens no mail client is copied on tap with 'copy success'", async ({
  page,
  context,
}) => {
  await answerDotlessSupportEmail(page, context)
  await page.goto(staticPageOf('/customerService'))
  const email = page.getByRole('button', { name: 'E-Mail help@cashloan Copy' })
  await expect(email).toBeVisible()
  await email.click()
  await expect(page.getByText('copy success')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('help@cashloan')
  await expect(page).toHaveURL(/\/customerService$/)
})
