import { expect, type Page } from '@playwright/test'
import { remoteMounted } from '../tests/hydration'
import { withoutRemote } from './page-rewrites'

/**
 * Every route of the route table and the shell's own screens, in each main state the demo API can show:
 * loaded, empty, error, a validation message, an open dialog. One list, read by the accessibility spec
 * (`tests/a11y.spec.ts`) and by the screens gallery (`pnpm screens`), so what reviewers see is what axe
 * checked.
 */
export interface ScreenState {
  /** The route table's path, or the shell's own screen ('/testPreview', not-found, the standalone page). */
  route: string
  /** Kebab-case, unique per route: with the route it names the gallery's picture. */
  state: string
  /** One line for the gallery: what the borrower sees and which demo data shows it. */
  caption: string
  /** Brings the page into the state and waits until it is there. */
  show: (page: Page) => Promise<void>
  /**
   * For a state a plain page load shows: its address and a text its screen then shows. The WebKit and
   * Firefox lanes (e2e/engines), which are not driven by Playwright, open every route with it.
   */
  opens?: ScreenOpening
}

export interface ScreenOpening {
  url: string
  /** As Playwright's `getByText`: a string matches case-insensitively anywhere in the visible text. */
  text: string | RegExp
}

/**
 * Waits until antd-mobile's overlays (toast, popup, mask, image viewer) have finished animating: they move
 * with JavaScript springs that write inline styles, which Playwright's own waits do not see. axe measures a
 * half-faded toast's contrast against what shows through it, and a picture would catch it mid-slide.
 */
export async function settle(page: Page): Promise<void> {
  // Read after two animation frames: a spring that is still moving writes new styles on each, so equal
  // readings mean it has stopped, not that a busy machine ran no frame in between.
  const styles = () =>
    page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      return [...document.querySelectorAll('[class*="adm-"]')]
        .map((el) => el.getAttribute('style') ?? '')
        .join('|')
    })
  let before = await styles()
  let stillFor = 0
  await expect
    .poll(
      async () => {
        const now = await styles()
        stillFor = now === before ? stillFor + 1 : 0
        before = now
        return stillFor >= 2
      },
      { intervals: [150], timeout: 5_000 },
    )
    .toBe(true)
}

/** Nothing outside this machine is reachable: the demo's link hosts answer here. */
export async function serveDemoHosts(page: Page): Promise<void> {
  await page.route(/^https:\/\/[a-z]+\.cashloan-demo\.ph\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Demo host</h1>' }),
  )
}

/** Opens `url` and waits for `text` (a heading's or any visible text). */
async function open(page: Page, url: string, text: string | RegExp): Promise<void> {
  await page.goto(url)
  await expect(page.getByText(text).first()).toBeVisible()
}

/** A state a plain page load shows: opened at `url`, there once `text` shows. */
function opened(url: string, text: string | RegExp): Pick<ScreenState, 'opens' | 'show'> {
  return { opens: { url, text }, show: (page) => open(page, url, text) }
}

/** A screen's failed first read: its message and 'Try again'. */
async function openFailed(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await expect(page.getByRole('button', { name: 'Try again' }).first()).toBeVisible()
}

const AD = 'id=7&app_from=demo&user_from=preview&utm_tag=test&links_id=1'

/** The id of the picture (and of the test): `aboutUs--loaded`. */
export function stateId(state: Pick<ScreenState, 'route' | 'state'>): string {
  const route = state.route === '/' ? 'home' : state.route.replace(/^\//, '').replace(/\//g, '-')
  return `${route}--${state.state}`
}

export const SCREEN_STATES: readonly ScreenState[] = [
  // mf-site
  {
    route: '/',
    state: 'loaded',
    caption: 'Marketing home: banner, navigation, contact form and footer',
    opens: { url: '/', text: 'CashLoan: cash loans made simple' },
    show: async (page) => {
      await page.goto('/')
      await expect(page.getByRole('contentinfo')).toBeVisible()
    },
  },
  {
    route: '/',
    state: 'validation',
    caption: "Contact form sent with only a name: 'Please provide complete information!'",
    show: async (page) => {
      await page.goto('/#contact')
      await page.getByLabel('Name').fill('Juan dela Cruz')
      await page.getByRole('button', { name: /submit|send/i }).click()
      await expect(page.getByText('Please provide complete information!')).toBeVisible()
    },
  },
  {
    route: '/aboutUs',
    state: 'loaded',
    caption: 'About us',
    ...opened('/aboutUs', /about us/i),
  },
  {
    route: '/privacyPolicy',
    state: 'loaded',
    caption: 'Privacy policy',
    ...opened('/privacyPolicy', /privacy policy/i),
  },
  {
    route: '/loanAgreement',
    state: 'loaded',
    caption: 'Loan terms and conditions',
    ...opened('/loanAgreement', /loan terms and conditions/i),
  },

  // mf-loan
  {
    route: '/loanDetails',
    state: 'loaded',
    caption: "Order 86 (status 174, rollover allowed): 'REPAY' and 'Rollover Repayment'",
    ...opened('/loanDetails?productId=1&orderId=86', 'Repayment due'),
  },
  {
    route: '/loanDetails',
    state: 'recommended',
    caption: 'Order 151: recommended products, one greyed out',
    show: async (page) => {
      await page.goto('/loanDetails?productId=1&orderId=151')
      await expect(page.getByRole('region', { name: 'Recommended products' })).toBeVisible()
    },
  },
  {
    route: '/loanDetails',
    state: 'empty',
    caption: 'Order 110: products but none inside, an empty button area',
    show: async (page) => {
      await page.goto('/loanDetails?productId=1&orderId=110')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    },
  },
  {
    route: '/loanDetails',
    state: 'error',
    caption: "The order could not be loaded (orderId=fail): message and 'Try again'",
    show: (page) => openFailed(page, '/loanDetails?productId=1&orderId=fail'),
  },
  {
    route: '/loanDetails',
    state: 'dialog-kind-tips',
    caption: "Order 170: the 'Kind tips' dialog",
    show: async (page) => {
      await page.goto('/loanDetails?productId=1&orderId=170')
      await expect(page.getByRole('dialog', { name: 'Kind tips' })).toBeVisible()
    },
  },
  {
    route: '/loanDetails',
    state: 'dialog-bank-card',
    caption: "Order 180: the 'Bind your bank card' dialog with its close icon",
    show: async (page) => {
      await page.goto('/loanDetails?productId=1&orderId=180')
      await expect(page.getByRole('dialog', { name: 'Bind your bank card' })).toBeVisible()
    },
  },
  {
    route: '/loanDetails',
    state: 'dialog-rating-validation',
    caption: "Order 200: the app rating sent without stars, 'Silakan pilih'",
    show: async (page) => {
      await page.goto('/loanDetails?productId=1&orderId=200')
      const rating = page.getByRole('dialog', { name: 'Rate our app' })
      await rating.getByRole('button', { name: 'Submit' }).click()
      await expect(page.getByText('Silakan pilih')).toBeVisible()
    },
  },
  {
    route: '/loanDetails',
    state: 'dialog-withdrawal',
    caption: "Order 21 (approved, continuation link): the 'Withdrawal' prompt",
    show: async (page) => {
      await page.goto('/loanDetails?productId=1&orderId=21')
      await expect(page.getByRole('dialog', { name: 'Withdrawal' })).toBeVisible()
    },
  },
  {
    route: '/loanDetails',
    state: 'realistic',
    caption:
      "Realistic data (orderId=realistic): detail lines as the server writes money and dates, shown as '₱…' and YYYY-MM-DD; the logo from a second origin",
    show: async (page) => {
      await page.goto('/loanDetails?productId=1&orderId=realistic')
      await expect(page.getByRole('button', { name: 'REPAY', exact: true })).toBeVisible()
    },
  },
  {
    route: '/loanDetails',
    state: 'realistic-products',
    caption:
      'Realistic data (orderId=realistic-151): recommended products with ranges from numbers and strings, logos from a second origin',
    show: async (page) => {
      await page.goto('/loanDetails?productId=1&orderId=realistic-151')
      await expect(page.getByText('Peso Plus').first()).toBeVisible()
    },
  },
  {
    route: '/order',
    state: 'loaded',
    caption: "/order, the same screen: order 174 with one 'Repayment' button",
    opens: { url: '/order?productId=1&orderId=174', text: 'Repayment' },
    show: async (page) => {
      await page.goto('/order?productId=1&orderId=174')
      await expect(page.getByRole('button', { name: 'Repayment', exact: true })).toBeVisible()
    },
  },
  {
    route: '/loanConfirm',
    state: 'loaded',
    caption: 'Product 1: amount, term, fees, the agreements ticked',
    ...opened('/loanConfirm?productId=1&orderId=86', '₱5.000,00'),
  },
  {
    route: '/loanConfirm',
    state: 'unticked',
    caption: "Agreements unticked: 'Next' greyed out",
    show: async (page) => {
      await open(page, '/loanConfirm?productId=1&orderId=86', '₱5.000,00')
      await page.getByRole('checkbox', { name: 'I have read and agree to' }).uncheck()
      await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()
    },
  },
  {
    route: '/loanConfirm',
    state: 'error',
    caption: "The confirmation could not be loaded (productId=fail): 'Try again'",
    show: (page) => openFailed(page, '/loanConfirm?productId=fail'),
  },
  {
    route: '/loanConfirm',
    state: 'dialog-agreement',
    caption: 'Product 2: the full-screen loan agreement pop-up',
    show: async (page) => {
      await serveDemoHosts(page)
      await page.goto('/loanConfirm?productId=2')
      const popup = page.getByRole('dialog', { name: 'Loan agreement' })
      const agreement = popup.locator('iframe').contentFrame()
      await expect(agreement.getByRole('heading', { name: 'Loan Agreement' })).toBeVisible()
      await expect(popup.getByRole('status')).toHaveCount(0)
    },
  },
  {
    route: '/loanConfirm',
    state: 'dialog-point-out',
    caption: "Product 3: the app's back asks 'Point out' before leaving",
    show: async (page) => {
      await open(page, '/loanConfirm?productId=3', '₱5.000,00')
      // The page may come with the screen rendered (ADR 0054): the app's back is the screen's once it mounted.
      await remoteMounted(page)
      await page.evaluate(() =>
        (window as unknown as { LoanShell: { onNativeBack(): boolean } }).LoanShell.onNativeBack(),
      )
      await expect(page.getByRole('dialog', { name: 'Point out' })).toBeVisible()
    },
  },
  {
    route: '/loanConfirmNew',
    state: 'dialog-offer',
    caption: "Confirmation v2, product 1: the 'Special offer' pop-up",
    opens: { url: '/loanConfirmNew?productId=1&orderId=86', text: 'Special offer' },
    show: async (page) => {
      await page.goto('/loanConfirmNew?productId=1&orderId=86')
      await expect(page.getByRole('dialog', { name: 'Special offer' })).toBeVisible()
    },
  },
  {
    route: '/loanConfirmNew',
    state: 'loaded',
    caption: "Confirmation v2 after the offer: 'Get my money now'",
    show: async (page) => {
      await page.goto('/loanConfirmNew?productId=1&orderId=86')
      await page.getByRole('dialog', { name: 'Special offer' }).getByRole('button', { name: 'OK' }).click()
      await expect(page.getByRole('button', { name: 'Get my money now' })).toBeVisible()
    },
  },
  {
    route: '/loanConfirmNew',
    state: 'error',
    caption: "A code other than '00' (productId=code-01): the server's message and 'Try again'",
    show: (page) => openFailed(page, '/loanConfirmNew?productId=code-01'),
  },
  {
    route: '/confirmByPeriod',
    state: 'loaded',
    caption: 'Product 4: three monthly periods and the repayment plan',
    ...opened('/confirmByPeriod?productId=4', '3 months'),
  },
  {
    route: '/confirmByPeriod',
    state: 'error',
    caption: "Could not be loaded (productId=fail): 'Try again'",
    show: (page) => openFailed(page, '/confirmByPeriod?productId=fail'),
  },
  {
    route: '/jointLoginFailure',
    state: 'loaded',
    caption: 'The partner sign-in failed: the notice and recommended products',
    ...opened('/jointLoginFailure?productId=1&orderId=86', 'We could not sign you in with our partner'),
  },
  {
    route: '/jointLoginFailure',
    state: 'error',
    caption: "The notice could not be loaded (orderId=fail): 'Try again'",
    show: (page) => openFailed(page, '/jointLoginFailure?productId=1&orderId=fail'),
  },

  // mf-repay
  {
    route: '/repay',
    state: 'loaded',
    caption: 'Order 86: banner, amount, due date, repayment details, pay code',
    ...opened('/repay?productId=1&orderId=86', '₱1.530,00'),
  },
  {
    route: '/repay',
    state: 'dialog-payment-method',
    caption: "Order 86: the 'Payment Method' sheet (GCash, 7-Eleven, QR Ph)",
    show: async (page) => {
      await open(page, '/repay?productId=1&orderId=86', '₱1.530,00')
      await page.getByRole('button', { name: 'Payment Method' }).click()
      await expect(page.getByRole('dialog', { name: 'Payment Method' })).toBeVisible()
    },
  },
  {
    route: '/repay',
    state: 'realistic',
    caption:
      'Realistic data (orderId=realistic): the amount as a decimal string, the date as unix seconds, logos from a second origin',
    ...opened('/repay?productId=1&orderId=realistic', '₱1.530,00'),
  },
  {
    route: '/repay',
    state: 'error',
    caption: "The repayment could not be loaded (orderId=fail): 'Try again'",
    show: (page) => openFailed(page, '/repay?productId=1&orderId=fail'),
  },
  {
    route: '/delayRepay',
    state: 'loaded',
    caption: 'Order 86: rollover amount, next payment date, the plan',
    ...opened('/delayRepay?productId=1&orderId=86', '₱320,00'),
  },
  {
    route: '/delayRepay',
    state: 'realistic',
    caption:
      "Realistic data (orderId=realistic): the plan's amounts and times as the server writes them, formatted",
    ...opened('/delayRepay?productId=1&orderId=realistic', '₱320,00'),
  },
  {
    route: '/delayRepay',
    state: 'error',
    caption: "The rollover could not be loaded (orderId=fail): 'Try again'",
    show: (page) => openFailed(page, '/delayRepay?productId=1&orderId=fail'),
  },
  {
    route: '/repaymentOfCode',
    state: 'loaded',
    caption: '7-Eleven chosen on /repay: the pay code to copy',
    show: async (page) => {
      await open(page, '/repay?productId=1&orderId=86', '₱1.530,00')
      await page.getByRole('button', { name: 'Payment Method' }).click()
      const picker = page.getByRole('dialog', { name: 'Payment Method' })
      await picker.getByRole('radio', { name: '7-Eleven' }).click()
      await picker.getByRole('button', { name: 'Pay now' }).click()
      await expect(page.getByRole('button', { name: 'Copy Pay code' })).toBeVisible()
    },
  },
  {
    route: '/repaymentOfCode',
    state: 'realistic',
    caption:
      "Realistic link: the amount as '1,530.00' and a channel picture on a host the deployment does not list (a grey box); the code still shows",
    ...opened(
      '/repaymentOfCode?showType=1&payCode=PC20261215042&repayAmount=1%2C530.00&payCodeImg=https%3A%2F%2Fimg.other-cdn.example%2F7eleven.png',
      'PC20261215042',
    ),
  },
  {
    route: '/repaymentOfCode',
    state: 'error',
    caption: 'A link without its code or picture: "This repayment link is incomplete."',
    ...opened('/repaymentOfCode?showType=2', 'This repayment link is incomplete.'),
  },
  {
    route: '/repaymentOfCode2',
    state: 'loaded',
    caption: "'How to pay with this code' from the rollover: the pay code and each channel's steps",
    show: async (page) => {
      await open(page, '/delayRepay?productId=1&orderId=86', '₱320,00')
      await page.getByRole('button', { name: 'How to pay with this code' }).click()
      await expect(page.getByRole('region', { name: 'Pay code' })).toBeVisible()
    },
  },
  {
    route: '/repaymentOfCode2',
    state: 'empty',
    caption: 'Opened without a repayment started on this device',
    ...opened('/repaymentOfCode2', 'No repayment was started on this device.'),
  },
  {
    route: '/paymentInstructions',
    state: 'loaded',
    caption: "Each channel's steps with pictures",
    opens: { url: '/paymentInstructions', text: 'Payment instructions' },
    show: async (page) => {
      await page.goto('/paymentInstructions')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    },
  },
  {
    route: '/paymentInstructions',
    state: 'image-viewer',
    caption: 'A step picture enlarged (antd-mobile ImageViewer) with its Close button',
    show: async (page) => {
      await page.goto('/paymentInstructions')
      await page.getByRole('button', { name: 'Enlarge step 2 of GCash' }).click()
      await expect(page.locator('.adm-image-viewer-content img').first()).toBeVisible()
    },
  },
  {
    route: '/legacyRepay',
    state: 'loaded',
    caption: 'Legacy card repayment, order 86: the cards to choose from',
    ...opened('/legacyRepay?productId=1&orderId=86&amount=1530.00&userId=501', '₱1.530,00'),
  },
  {
    route: '/legacyRepay',
    state: 'validation',
    caption: "'立即还款' without a card: '请先选择支付银行卡'",
    show: async (page) => {
      await open(page, '/legacyRepay?productId=1&orderId=86&amount=1530.00&userId=501', '₱1.530,00')
      await page.getByRole('button', { name: '立即还款' }).click()
      await expect(page.getByText('请先选择支付银行卡')).toBeVisible()
    },
  },
  {
    route: '/legacyRepay',
    state: 'dialog-code',
    caption: "A card chosen, '立即还款': the verification code step (短信验证) and its countdown",
    show: async (page) => {
      await open(page, '/legacyRepay?productId=1&orderId=86&amount=1530.00&userId=501', '₱1.530,00')
      await page.getByRole('radio', { name: /^BDO Unibank/ }).click()
      await page.getByRole('button', { name: '立即还款' }).click()
      await expect(page.getByRole('dialog', { name: '短信验证' })).toBeVisible()
    },
  },
  {
    route: '/legacyRepay',
    state: 'error',
    caption: "The cards could not be listed (orderId=92): '银行卡查询失败' and '重试'",
    show: async (page) => {
      await page.goto('/legacyRepay?productId=1&orderId=92&amount=1530.00&userId=501')
      await expect(page.getByRole('button', { name: '重试' })).toBeVisible()
    },
  },

  // mf-complaint
  {
    route: '/complaint',
    state: 'loaded',
    caption: 'Complaint entry, order 86: the order and the question types',
    ...opened('/complaint?productId=1&orderId=86', 'Select question type'),
  },
  {
    route: '/complaint',
    state: 'dialog-orders',
    caption: "'All': the order list in a bottom sheet (antd-mobile Popup)",
    show: async (page) => {
      await open(page, '/complaint?productId=1&orderId=86', 'Select question type')
      await page.getByRole('button', { name: 'All', exact: true }).click()
      await expect(page.getByRole('dialog', { name: 'Choose an order' })).toBeVisible()
    },
  },
  {
    route: '/complaint',
    state: 'error',
    caption: "problem-init failed (orderId=error): 'Try again'",
    show: (page) => openFailed(page, '/complaint?productId=1&orderId=error'),
  },
  {
    route: '/complainPageNext',
    state: 'loaded',
    caption: 'The complaint form: description, evidence images, Send',
    opens: {
      url: '/complainPageNext?problemType=2&problemSonType=&orderNo=LN20241105001',
      text: 'Problem description',
    },
    show: async (page) => {
      await page.goto('/complainPageNext?problemType=2&problemSonType=&orderNo=LN20241105001')
      await expect(page.getByLabel('Problem description')).toBeVisible()
    },
  },
  {
    route: '/complainPageNext',
    state: 'validation',
    caption: "Send with an empty description: 'Please fill in your comments and suggestions'",
    show: async (page) => {
      await page.goto('/complainPageNext?problemType=2&problemSonType=&orderNo=LN20241105001')
      await page.getByRole('button', { name: 'Send' }).click()
      await expect(page.getByText('Please fill in your comments and suggestions')).toBeVisible()
    },
  },
  {
    route: '/complaintList',
    state: 'loaded',
    caption: 'My complaints: the list',
    ...opened('/complaintList', 'Problem Type'),
  },
  {
    route: '/complaintList',
    state: 'empty',
    caption: "No complaints (session 'empty')",
    ...opened('/complaintList?sessionId=empty', 'No complaints yet'),
  },
  {
    route: '/complainDetails',
    state: 'loaded',
    caption: 'Complaint 2002, still being processed',
    opens: { url: '/complainDetails?problemId=2002', text: 'Complaint details' },
    show: async (page) => {
      await page.goto('/complainDetails?problemId=2002')
      await expect(page.getByRole('region', { name: 'Question type' })).toBeVisible()
    },
  },
  {
    route: '/complainDetails',
    state: 'dialog-rating',
    caption: 'Complaint 2001 with its Process Result: the rating dialog, 3 s after loading',
    show: async (page) => {
      await page.goto(`/complainDetails?problemId=2001&sessionId=gallery-${Date.now()}`)
      await expect(page.getByRole('group', { name: 'Please rate this service' })).toBeVisible({
        timeout: 8_000,
      })
    },
  },
  {
    route: '/complainDetails',
    state: 'image-viewer',
    caption: 'Complaint 2001, rated: an evidence image enlarged (antd-mobile ImageViewer)',
    show: async (page) => {
      // The rating dialog comes 3 s after loading until the session rates once: rate, then open the image.
      await page.goto(`/complainDetails?problemId=2001&sessionId=viewer-${Date.now()}`)
      await page.getByRole('button', { name: '5 stars' }).click({ timeout: 8_000 })
      await page.getByRole('button', { name: 'Send' }).last().click()
      await expect(page.getByRole('group', { name: 'Please rate this service' })).toBeHidden()
      // Its thanks is a toast: let it come and go before the picture opens.
      await expect(page.getByText('Successful demonstration')).toBeVisible()
      await expect(page.getByText('Successful demonstration')).toBeHidden()
      await page.getByRole('button', { name: 'View image 1' }).first().click()
      await expect(page.locator('.adm-image-viewer-content img').first()).toBeVisible()
    },
  },
  {
    route: '/customerService',
    state: 'loaded',
    caption: 'Customer service: telephone and e-mail',
    ...opened('/customerService', 'support@cashloan-demo.ph'),
  },

  // mf-bindcard
  {
    route: '/bindBank',
    state: 'loaded',
    caption: 'Payment account form, E-wallet tab, GCash chosen',
    opens: { url: '/bindBank?productId=1&orderId=86', text: 'GCash number' },
    show: async (page) => {
      await page.goto('/bindBank?productId=1&orderId=86')
      await expect(page.getByLabel('GCash number')).toBeVisible()
    },
  },
  {
    route: '/bindBank',
    state: 'validation',
    caption: "'Next' on an empty form: 'Please fill in GCash number'",
    show: async (page) => {
      await page.goto('/bindBank?productId=1&orderId=86')
      await expect(page.getByLabel('GCash number')).toBeVisible()
      await page.getByRole('button', { name: 'Next' }).click()
      await expect(page.getByText('Please fill in GCash number')).toBeVisible()
    },
  },
  {
    route: '/bindBank',
    state: 'dialog-city',
    caption: "The 'City of residence' picker (antd-mobile Popup)",
    show: async (page) => {
      await page.goto('/bindBank?productId=1&orderId=86')
      await page.getByRole('button', { name: 'City of residence', exact: true }).click()
      await expect(page.getByRole('dialog', { name: 'City of residence' })).toBeVisible()
    },
  },
  {
    route: '/bindBank',
    state: 'realistic',
    caption:
      "Realistic data (productId=realistic): the server's own type and channel names, cate 'text', optional fields",
    show: async (page) => {
      await page.goto('/bindBank?productId=realistic')
      await expect(page.getByLabel('GCash Number')).toBeVisible()
    },
  },
  {
    route: '/bindBank',
    state: 'error',
    caption: "card-init failed (productId=error): 'Try again'",
    show: (page) => openFailed(page, '/bindBank?productId=error'),
  },

  // mf-promotion
  {
    route: '/promotion',
    state: 'loaded',
    caption: 'Registration landing through the shell: banner, phone, picture captcha, SMS code',
    ...opened(`/promotion?${AD}#/registerTemplate`, '极速借款，最快3分钟到账'),
  },
  {
    route: '/promotion',
    state: 'validation',
    caption: "'get verification code' without a phone: '请正确输入手机号！'",
    show: async (page) => {
      await open(page, `/promotion?${AD}#/registerTemplate`, '极速借款，最快3分钟到账')
      await page.getByRole('button', { name: 'get verification code' }).click()
      await expect(page.getByText('请正确输入手机号！')).toBeVisible()
    },
  },
  {
    route: '/promotion',
    state: 'error',
    caption: "The template was refused (id=error): the server's message, the page in its plain look",
    show: async (page) => {
      await page.goto(`/promotion?id=error&app_from=demo#/registerTemplate`)
      await expect(page.getByText('Demo: 模板不存在')).toBeVisible()
    },
  },
  {
    route: '/promotion',
    state: 'realistic',
    caption: 'A template with none of our display keys (id=plain): the plain landing, which registers',
    show: async (page) => {
      await page.goto(
        '/promotion?id=plain&app_from=demo&user_from=preview&utm_tag=test&links_id=1#/registerTemplate',
      )
      await expect(page.getByRole('heading', { name: '注册', exact: true })).toBeVisible()
      await expect(page.getByRole('button', { name: 'get verification code' })).toBeVisible()
    },
  },
  {
    route: '/promotion',
    state: 'realistic-download',
    caption: "The download page of that template: the deployment's store link",
    show: async (page) => {
      await page.goto(
        '/promotion?id=plain&app_from=demo&user_from=preview&utm_tag=test&links_id=1#/downloadTemplate',
      )
      await expect(page.getByRole('button', { name: '下载APP' })).toBeEnabled()
    },
  },
  {
    route: '/promotion',
    state: 'download',
    caption: 'The download page (#/downloadTemplate)',
    ...opened(`/promotion?${AD}#/downloadTemplate`, '注册成功，下载APP立即借款'),
  },
  {
    route: '/promotion',
    state: 'agreement',
    caption: 'The registration agreement (#/agreementTemplate)',
    opens: { url: `/promotion?${AD}#/agreementTemplate`, text: '用户注册协议' },
    show: async (page) => {
      await page.goto(`/promotion?${AD}#/agreementTemplate`)
      await expect(page.getByRole('heading', { name: '用户注册协议', level: 1 })).toBeVisible()
    },
  },
  {
    route: '/standalone/promotion',
    state: 'loaded',
    caption: 'The same landing as its own page without the shell (ad links)',
    ...opened(`/standalone/promotion?${AD}#/registerTemplate`, '极速借款，最快3分钟到账'),
  },

  // the shell's own screens
  {
    route: '/testPreview',
    state: 'loaded',
    caption: 'The developer test page: session fields and links to every page',
    ...opened('/testPreview', 'Test preview'),
  },
  {
    route: '/no-such-page',
    state: 'not-found',
    caption: 'An unknown address: not-found with a way home',
    opens: { url: '/no-such-page', text: 'Page not found' },
    show: async (page) => {
      await page.goto('/no-such-page')
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    },
  },
  {
    route: '/aboutUs',
    state: 'retry',
    caption: "The remote's files cannot be downloaded: the shell's retry screen",
    show: async (page) => {
      await page.route('**/remotes/mf-site/**', (route) => route.abort())
      await page.goto('/aboutUs')
      await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible()
    },
  },
  {
    route: '/aboutUs',
    state: 'boot-error',
    caption: "The shell cannot start (the web view refuses the address rewrite): 'The app could not start'",
    show: async (page) => {
      await page.addInitScript(() => {
        history.replaceState = () => {
          throw new DOMException('refused', 'SecurityError')
        }
      })
      await page.goto('/aboutUs?sessionId=abc')
      await expect(page.getByRole('heading', { name: 'The app could not start' })).toBeVisible()
    },
  },
  {
    route: '/bindBank',
    state: 'not-available',
    caption: "A route whose remote is in no registry: 'This page is not available yet'",
    show: async (page) => {
      await withoutRemote(page, 'mf_bindcard', '/bindBank')
      await page.goto('/bindBank')
      await expect(page.getByRole('heading', { name: 'This page is not available yet' })).toBeVisible()
    },
  },
]
