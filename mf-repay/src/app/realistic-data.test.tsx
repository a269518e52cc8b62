import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http as mswHttp } from 'msw'
import type { RemoteProps } from 'shared/contract'
import { apiPath, demoPictures, envelope } from 'shared/mocks'
import {
  createTestProps,
  renderWithUi,
  setupMswServer,
  TEST_SETTINGS,
  unformattedValues,
} from 'shared/testing'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { DELAY_PLAY_DETAIL_PATH, LOAN_PLAY_DETAIL_PATH } from '../api/paths'
import {
  demoPayImage,
  realisticDelay,
  realisticInstalment,
  SCENARIOS,
  testPictures,
} from '../mocks/demo-data'
import { handlers } from '../mocks/handlers'
import { LEGACY_SCENARIOS, resetLegacyCalls } from '../mocks/legacy-repay'
import { resetStore } from '../mocks/store'
import { RepayApp } from './repay-app'

/**
 * Issue #25, item 4: every screen of mf-repay rendered with answers shaped as a real backend plausibly sends
 * them (README, 'Demo repayments': orderId=realistic): amounts as decimal strings and as numbers, dates as
 * unix seconds, milliseconds, ISO date-times and `YYYY-MM-DD`, logos on another https origin. No screen may
 * show a raw amount or date (`unformattedValues`), and every server picture is a sized picture or a grey box.
 */
const server = setupMswServer(...handlers, demoPictures)
beforeEach(() => window.sessionStorage.clear())
afterEach(() => {
  resetStore()
  resetLegacyCalls()
})

const ORDER = { productId: '1', orderId: SCENARIOS.realistic }
const DUE = new Date(2026, 11, 15, 12)
const NEXT = new Date(2026, 11, 22, 12)

function renderScreen(screenName: string, query: Record<string, string>, settings = TEST_SETTINGS) {
  const props: RemoteProps = createTestProps({ screen: screenName, query, settings })
  renderWithUi(<RepayApp {...props} />)
  return { props, user: userEvent.setup() }
}

/** The declarations of repay.css per class selector (a selector list counts for each of its classes). */
function cssRules(): Map<string, string> {
  // Read from disk: vitest's `css: false` empties a stylesheet import.
  const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'repay.css'), 'utf8').replace(
    /\/\*[\s\S]*?\*\//g,
    '',
  )
  const rules = new Map<string, string>()
  for (const [, selectors, body] of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    for (const selector of selectors.split(',').map((s) => s.trim())) {
      if (/^\.[\w-]+$/.test(selector))
        rules.set(selector.slice(1), `${rules.get(selector.slice(1)) ?? ''}${body}`)
    }
  }
  return rules
}

/**
 * The server pictures on the page: each a picture or a grey box whose class gives it a width and a height in
 * repay.css (so the box takes the picture's place), and none an inline picture from server data.
 */
function serverPictureProblems(): string[] {
  const rules = cssRules()
  const problems: string[] = []
  const pictures = document.querySelectorAll('img, [data-server-image]')
  for (const picture of pictures) {
    if (picture.closest('.instructions-step__thumb')) continue // the page's own inline drawings
    const src = picture.getAttribute('src') ?? ''
    if (/^data:/.test(src)) problems.push(`an inline picture from server data: ${src.slice(0, 40)}`)
    const sized = [...picture.classList].some((name) => {
      const body = rules.get(name) ?? ''
      return /(^|[;\s])width:/.test(body) && /(^|[;\s])height:/.test(body)
    })
    if (!sized) problems.push(`a picture its class does not size: .${[...picture.classList].join('.')}`)
  }
  return problems
}

function expectAllFormatted() {
  expect(unformattedValues(document.body)).toEqual([])
  expect(serverPictureProblems()).toEqual([])
}

const AMOUNTS = [
  ['a decimal string', '1530.00'],
  ['a number', 1530],
] as const
const DATES = [
  ['unix seconds', DUE.getTime() / 1000],
  ['milliseconds', DUE.getTime()],
  ['an ISO date-time', '2026-12-15T12:00:00'],
  ['YYYY-MM-DD', '2026-12-15'],
] as const
const SHAPES = AMOUNTS.flatMap(([amountKind, amount]) =>
  DATES.map(([dateKind, date]) => [`${amountKind} and ${dateKind}`, amount, date] as const),
)

test.each(SHAPES)('/repay with the amount as %s', async (_, repayAmount, repayDate) => {
  server.use(
    mswHttp.post(apiPath(LOAN_PLAY_DETAIL_PATH), () =>
      envelope({ ...realisticInstalment(testPictures), repayAmount, repayDate }),
    ),
  )
  const { user } = renderScreen('repay', ORDER)
  expect(await screen.findByRole('heading', { name: '₱1.530,00' })).toBeInTheDocument()
  expect(screen.getByText('Repayment date', { exact: false })).toHaveTextContent('2026-12-15')
  await user.click(screen.getByRole('button', { name: 'more' }))
  await user.click(screen.getByRole('button', { name: 'Payment Method' }))
  expect(within(screen.getByRole('dialog')).getAllByRole('radio')).toHaveLength(3)
  expectAllFormatted()
})

test.each(SHAPES)('/delayRepay with the amounts as %s', async (_, amount, date) => {
  server.use(
    mswHttp.post(apiPath(DELAY_PLAY_DETAIL_PATH), () =>
      envelope({
        ...realisticDelay(testPictures),
        delayInfo: { title: 'Extend your repayment by 7 days', delayAmount: amount },
        repayDate: date,
        repayPlan: [
          { remark: 'Pay today', title: 'Extension fee', amount, time: date },
          { remark: 'After the extension', title: 'Repayment', amount: '1530.00', time: NEXT.getTime() },
        ],
      }),
    ),
  )
  const { user } = renderScreen('delayRepay', ORDER)
  expect(await screen.findByRole('heading', { name: '₱1.530,00' })).toBeInTheDocument()
  expect(screen.getByText('Your next payment date is', { exact: false })).toHaveTextContent('2026-12-15')
  await user.click(screen.getByRole('button', { name: 'Payment Method' }))
  expectAllFormatted()
})

test("the demo's realistic answers, logos on its second origin, on /repay and /delayRepay", async () => {
  renderScreen('repay', ORDER)
  expect(await screen.findByRole('heading', { name: '₱1.530,00' })).toBeInTheDocument()
  const logo = screen.getByRole('img', { name: 'Peso Cash logo' })
  // The other loopback name than the page's: a second origin (shared/mocks demoPictureUrl).
  expect(new URL(logo.getAttribute('src')!).origin).not.toBe(window.location.origin)
  expect((await fetch(logo.getAttribute('src')!)).headers.get('content-type')).toBe('image/svg+xml')
  expectAllFormatted()
})

test("/delayRepay from the demo's realistic answer", async () => {
  renderScreen('delayRepay', ORDER)
  expect(await screen.findByRole('heading', { name: '₱320,00' })).toBeInTheDocument()
  expectAllFormatted()
})

test('/repaymentOfCode, showType 1, its channel picture on a host the deployment does not list', async () => {
  renderScreen('repaymentOfCode', {
    showType: '1',
    payCode: '7E202612150042',
    payCodeImg: testPictures('7-Eleven', ''),
    repayAmount: '1530.00',
  })
  expect(await screen.findByRole('heading', { name: '₱1.530,00' })).toBeInTheDocument()
  expect(screen.getByText('7E202612150042')).toBeInTheDocument()
  expectAllFormatted()
})

test.each([
  ["the app's own path", demoPayImage('qr-ph.svg'), TEST_SETTINGS],
  [
    'a listed image host',
    testPictures('QR', ''),
    { ...TEST_SETTINGS, imageHosts: ['img.lender-cdn.example'] },
  ],
  ['a host the deployment does not list', testPictures('QR', ''), TEST_SETTINGS],
])('/repaymentOfCode, a QR picture on %s', async (_, payCodeImg, settings) => {
  renderScreen('repaymentOfCode', { showType: '2', payCodeImg, repayAmount: '1,530.00' }, settings)
  expect(await screen.findByRole('heading', { name: '₱1.530,00' })).toBeInTheDocument()
  expectAllFormatted()
})

test('/repaymentOfCode2 with what the realistic /repay and /delayRepay stored', async () => {
  for (const [screenName, amount] of [
    ['repay', '₱1.530,00'],
    ['delayRepay', '₱320,00'],
  ] as const) {
    renderScreen(screenName, ORDER)
    await screen.findByRole('heading', { name: amount })
    cleanup()
    renderScreen('repaymentOfCode2', ORDER)
    const box = screen.getByRole('region', { name: 'Pay code' })
    expect(within(box).getByText(amount)).toBeInTheDocument()
    expect(within(box).getByText('PC20261215042')).toBeInTheDocument()
    expectAllFormatted()
    cleanup()
  }
})

test('/paymentInstructions', () => {
  renderScreen('paymentInstructions', {})
  expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument()
  expectAllFormatted()
})

test('/legacyRepay with the realistic cards', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  renderScreen('legacyRepay', { orderId: LEGACY_SCENARIOS.realistic, amount: '1530.00', userId: '501' })
  expect(await screen.findByRole('heading', { name: '₱1.530,00' })).toBeInTheDocument()
  expect(screen.getAllByRole('radio').map((radio) => radio.textContent)).toEqual([
    'BPI **** 2107',
    'Security Bank **** 0083',
    '支付宝',
  ])
  expectAllFormatted()
  warn.mockRestore()
})
