import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { REMOTE_ROUTES } from 'shared/routes'
import { SCREEN_STATES, settle, stateId } from '../screens/screen-states'

/*
 * axe on every route in every main state (screens/screen-states.ts), plus what axe cannot see: every control
 * reachable with Tab and named, no picture shown as a broken image, and dialogs that hold focus and give it back.
 *
 * On the embedded server only (SCREEN_SPECS in playwright.config.ts): both servers send the same files, and
 * axe reads the DOM those files build; the first test below compares the pages.
 */
const NGINX = `http://127.0.0.1:${process.env.E2E_NGINX_PORT ?? 4320}`

test('both servers send the same page for every route', async ({ request }) => {
  const paths = [...REMOTE_ROUTES.map((r) => r.path), '/testPreview', '/standalone/promotion']
  for (const path of paths) {
    const [embedded, nginx] = await Promise.all([request.get(path), request.get(`${NGINX}${path}`)])
    expect(await nginx.text(), path).toBe(await embedded.text())
  }
})

test('the state list covers every route of the route table', () => {
  const covered = new Set(SCREEN_STATES.map((s) => s.route))
  expect(REMOTE_ROUTES.map((r) => r.path).filter((path) => !covered.has(path))).toEqual([])
  expect(new Set(SCREEN_STATES.map(stateId)).size).toBe(SCREEN_STATES.length)
})

/** Roles of controls: each must have a name in the accessibility tree. */
const CONTROL_ROLES =
  'button|link|textbox|checkbox|radio|combobox|tab|switch|spinbutton|slider|searchbox|menuitem|option'

/** Controls the accessibility tree lists without a name (`- button` rather than `- button "Send"`). */
async function unnamedControls(page: Page): Promise<string[]> {
  const tree = await page.locator('body').ariaSnapshot()
  return tree
    .split('\n')
    .filter((line) => new RegExp(`^\\s*- (${CONTROL_ROLES})( \\[[^\\]]*\\])*:?$`).test(line))
}

/**
 * Visible, enabled controls that Tab never reaches. A roving group (radio group, tab list) counts as
 * reached when one of its members is. With a modal dialog open, only the dialog's controls count.
 */
async function unreachableControls(page: Page): Promise<string[]> {
  // Enough presses to pass every focusable element once; cheap, each is one key event.
  const focusable = await page.locator('a[href], button, input, select, textarea, [tabindex]').count()
  // From the start of the document, as a keyboard user arriving on the page. Where focus rests once each Tab
  // is released is marked in the page itself: one round trip a press, not two.
  await page.evaluate(() => {
    document.addEventListener(
      'keyup',
      (event) => {
        if (event.key === 'Tab') document.activeElement?.setAttribute('data-a11y-reached', '')
      },
      true,
    )
    ;(document.activeElement as HTMLElement | null)?.blur()
  })
  for (let i = 0; i < focusable + 5; i++) await page.keyboard.press('Tab')
  return page.evaluate(() => {
    const modal = [...document.querySelectorAll('[aria-modal="true"]')].find(
      (el) => (el as HTMLElement).offsetParent !== null || el.getClientRects().length > 0,
    )
    const scope = modal ?? document.body
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=link], [role=radio], [role=checkbox], [role=tab], [role=switch]'
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.opacity !== '0'
    }
    const missed: string[] = []
    for (const el of scope.querySelectorAll(selector)) {
      if (!visible(el) || el.closest('[aria-hidden="true"], [inert]')) continue
      if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true') continue
      if (el.hasAttribute('data-a11y-reached') || el.querySelector('[data-a11y-reached]')) continue
      // Arrow keys move within a radio group or a tab list (roving focus): one member on the Tab path will do.
      const group = el.closest('[role=radiogroup], [role=tablist]')
      if (group && group.querySelector('[data-a11y-reached]')) continue
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)
      missed.push(
        `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${name}"`,
      )
    }
    return missed
  })
}

/**
 * Pictures on screen that the browser could not show (blocked by the CSP, missing, not a picture): the
 * broken-image icon a borrower would see. Pictures from server data go through ServerImage (ADR 0022),
 * which puts a grey box in their place.
 */
async function brokenImages(page: Page): Promise<string[]> {
  // A picture still loading is not broken yet: wait until every one has finished, shown or failed.
  await expect
    .poll(() => page.evaluate(() => [...document.images].every((img) => img.complete)), { timeout: 5_000 })
    .toBe(true)
  return page.evaluate(() =>
    [...document.images]
      .filter((img) => img.getAttribute('src') && img.naturalWidth === 0 && img.getClientRects().length > 0)
      .map((img) => img.getAttribute('src')!.slice(0, 120)),
  )
}

/** Page structure rules every screen and state must pass whatever their impact. */
const STRUCTURE_RULES = ['landmark-one-main', 'landmark-no-duplicate-main', 'heading-order']

for (const state of SCREEN_STATES) {
  test(`a11y ${stateId(state)}: no serious or critical violation, every control named and reachable`, async ({
    page,
  }) => {
    await state.show(page)
    await settle(page)
    const result = await new AxeBuilder({ page }).analyze()
    const serious = result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        rule: v.id,
        impact: v.impact,
        nodes: v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`.slice(0, 300)),
      }))
    expect.soft(serious, 'axe: serious and critical violations').toEqual([])
    // Moderate in axe's scale, so not in the list above: one main landmark, headings in order (#31).
    const structure = result.violations
      .filter((v) => STRUCTURE_RULES.includes(v.id))
      .map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) }))
    expect.soft(structure, 'axe: main landmark and heading order').toEqual([])
    expect.soft(await unnamedControls(page), 'controls without a name').toEqual([])
    expect.soft(await unreachableControls(page), 'controls Tab does not reach').toEqual([])
    expect.soft(await brokenImages(page), 'pictures shown as broken images').toEqual([])
  })
}

/** Presses Tab and Shift+Tab past the dialog's end and start: focus must never leave it. */
async function expectFocusTrapped(page: Page, dialogName: string | RegExp) {
  const dialog = page.getByRole('dialog', { name: dialogName })
  await expect(dialog).toBeVisible()
  const inside = () => dialog.evaluate((box) => box.contains(document.activeElement))
  await expect.poll(inside, { message: 'focus moves into the dialog as it opens' }).toBe(true)
  const controls = await dialog.locator('button, a[href], input, select, textarea').count()
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i <= controls + 1; i++) {
      await page.keyboard.press(key)
      expect(await inside(), `${key} ×${i + 1} stays in the dialog`).toBe(true)
    }
  }
}

const hasFocus = (page: Page, name: string) =>
  expect(page.getByRole('button', { name, exact: true })).toBeFocused()

test.describe('dialogs hold focus and give it back', () => {
  test('our own sheet (mf-repay): Payment Method, closed with Cancel', async ({ page }) => {
    await page.goto('/repay?productId=1&orderId=86')
    await page.getByRole('button', { name: 'Payment Method' }).click()
    await expectFocusTrapped(page, 'Payment Method')
    await page.getByRole('dialog', { name: 'Payment Method' }).getByRole('button', { name: 'Cancel' }).click()
    await hasFocus(page, 'Payment Method')
  })

  test('our own modal (mf-loan): Kind tips, opened with the page', async ({ page }) => {
    await page.goto('/loanDetails?productId=1&orderId=170')
    await expectFocusTrapped(page, 'Kind tips')
  })

  test('our own modal (mf-complaint): the rating dialog', async ({ page }) => {
    await page.goto(`/complainDetails?problemId=2001&sessionId=a11y-${Date.now()}`)
    await expect(page.getByRole('group', { name: 'Please rate this service' })).toBeVisible({
      timeout: 8_000,
    })
    await expectFocusTrapped(page, /rate/i)
  })

  test('antd-mobile Popup (mf-bindcard): the city picker, closed with Cancel', async ({ page }) => {
    await page.goto('/bindBank?productId=1&orderId=86')
    await page.getByRole('button', { name: 'City of residence', exact: true }).click()
    await expectFocusTrapped(page, 'City of residence')
    await page
      .getByRole('dialog', { name: 'City of residence' })
      .getByRole('button', { name: 'Cancel' })
      .click()
    await hasFocus(page, 'City of residence')
  })

  test('antd-mobile Popup (mf-complaint): the order list, closed with Close', async ({ page }) => {
    await page.goto('/complaint?productId=1&orderId=86')
    await page.getByRole('button', { name: 'All', exact: true }).click()
    await expectFocusTrapped(page, 'Choose an order')
    await page.getByRole('dialog', { name: 'Choose an order' }).getByRole('button', { name: 'Close' }).click()
    await hasFocus(page, 'All')
  })

  test('antd-mobile ImageViewer (mf-repay): Close is seen and reached; Escape closes too', async ({
    page,
  }) => {
    await page.goto('/paymentInstructions')
    const thumb = 'Enlarge step 2 of GCash'
    await page.getByRole('button', { name: thumb }).click()
    await expectFocusTrapped(page, 'GCash: step pictures')
    await page
      .getByRole('dialog', { name: 'GCash: step pictures' })
      .getByRole('button', { name: 'Close' })
      .click()
    await hasFocus(page, thumb)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'GCash: step pictures' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await hasFocus(page, thumb)
  })
})
