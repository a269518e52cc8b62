import { expect, test, type Page, type Request } from '@playwright/test'

const LEGACY = '/api/v1/h5/service/loan'

/** The requests the page sends to `path`. */
function watch(page: Page, path: string): Request[] {
  const calls: Request[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) calls.push(request)
  })
  return calls
}

async function openLegacy(page: Page, orderId: string) {
  await page.goto(`/legacyRepay?productId=1&orderId=${orderId}&amount=1530.00&userId=501`)
  await expect(page.getByRole('heading', { name: '₱1.530,00' })).toBeVisible()
}

test('legacy: no card chosen is refused; a card commits once, the code step counts down, the code confirms', async ({
  page,
}) => {
  const commits = watch(page, `${LEGACY}/repayment-commit`)
  const confirms = watch(page, `${LEGACY}/repayment-confirm`)
  await openLegacy(page, '86')
  const cards = page.getByRole('radiogroup', { name: '支付方式' }).getByRole('radio')
  await expect(cards).toHaveText(['BDO Unibank **** 3456', 'Metrobank **** 7890', '支付宝'])
  await page.getByRole('button', { name: '立即还款' }).click()
  await expect(page.getByText('请先选择支付银行卡')).toBeVisible()
  expect(commits).toHaveLength(0)

  await page.getByRole('radio', { name: /^BDO Unibank/ }).click()
  await page.getByRole('button', { name: '立即还款' }).click()
  const step = page.getByRole('dialog', { name: '短信验证' })
  await expect(step.getByRole('button', { name: '60秒' })).toBeDisabled()
  await expect(step.getByRole('button', { name: '58秒' })).toBeDisabled({ timeout: 5000 })
  expect(commits).toHaveLength(1)
  expect(commits[0].postData()).toBe(
    'amount=1530.00&bankName=BDO+Unibank&cardId=11&cardNo=6222+0210+0112+3456&couponId=&orderId=86' +
      '&repayToken=demo-token-86&bankCode=BDO&sendMsg=0',
  )
  expect(await commits[0].headerValue('idempotency-key')).toBeTruthy()

  // Cancelling resets the countdown: the next step counts from 60 again.
  await step.getByRole('button', { name: '取消' }).click()
  await expect(step).toBeHidden()
  await page.getByRole('button', { name: '立即还款' }).click()
  await expect(step.getByRole('button', { name: '60秒' })).toBeDisabled()

  await step.getByLabel('验证码').fill('12345')
  await step.getByRole('button', { name: '确认' }).click()
  await expect(page.getByText('请输入正确的验证码')).toBeVisible()
  expect(confirms).toHaveLength(0)

  await step.getByLabel('验证码').fill('123456')
  await step.getByRole('button', { name: '确认' }).click()
  await expect(page).toHaveURL(/\/loanDetails\?productId=1&orderId=86$/)
  expect(confirms).toHaveLength(1)
  expect(confirms[0].postData()).toMatch(/^orderId=86&verifyCode=123456&repaymentRecordId=R86-\d+$/)
})

test('legacy: a wrong code (800006) says so and the step stays for another try', async ({ page }) => {
  const confirms = watch(page, `${LEGACY}/repayment-confirm`)
  await openLegacy(page, '86')
  await page.getByRole('radio', { name: /^Metrobank/ }).click()
  await page.getByRole('button', { name: '立即还款' }).click()
  const step = page.getByRole('dialog', { name: '短信验证' })
  await step.getByLabel('验证码').fill('654321')
  await step.getByRole('button', { name: '确认' }).click()
  await expect(page.getByText('验证码错误')).toBeVisible()
  await expect(step).toBeVisible()
  await expect(page).toHaveURL(/\/legacyRepay\?/)
  expect(confirms).toHaveLength(1)
})

test('instructions: from the repayment banner; a step picture enlarges, swipes to the next and closes', async ({
  page,
}) => {
  await page.goto('/repay?productId=1&orderId=86')
  await page.getByRole('button', { name: 'How to repay? Read the payment instructions' }).click()
  await expect(page).toHaveURL(/\/paymentInstructions/)
  await expect(page.getByRole('heading', { name: 'Payment instructions' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'GCash',
    'Maya',
    'Offline stores (7-Eleven, Cebuana Lhuillier, M Lhuillier)',
  ])

  await page.getByRole('button', { name: 'Enlarge step 2 of GCash' }).click()
  const indicator = page.locator('.adm-image-viewer-indicator')
  await expect(indicator).toHaveText('2 / 4')
  await expect(page.locator('.adm-image-viewer-content img').nth(1)).toBeVisible()

  // A swipe to the left shows the next step's picture.
  const box = (await page.locator('.adm-image-viewer-content').boundingBox())!
  const y = box.y + box.height / 2
  await page.mouse.move(box.x + box.width * 0.8, y)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 })
  await page.mouse.move(box.x + box.width * 0.1, y, { steps: 5 })
  await page.mouse.up()
  await expect(indicator).toHaveText('3 / 4')

  // antd-mobile hides its viewer from assistive technology, so its Close button is found as hidden.
  await page.getByRole('button', { name: 'Close', includeHidden: true }).click()
  await expect(page.locator('.adm-image-viewer-content')).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Payment instructions' })).toBeVisible()
})
