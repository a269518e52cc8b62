import { afterAll, beforeAll, beforeEach, describe, expect, inject, test } from 'vitest'
import { REMOTE_ROUTES } from 'shared/routes'
import { REMOTE_MOUNTED_MARK } from 'shared/remote/first-frame'
import { SCREEN_STATES, stateId, type ScreenOpening } from '../screens/screen-states.ts'
import { VIEWPORT } from '../perf/common.ts'
import { Lane, type EngineDriver } from './lane.ts'
import { IOS_WEB_VIEW } from './page-scripts.ts'
import { placeholderContrasts } from './placeholder-contrast.ts'
import { emptyField } from './empty-field.ts'

/** Every state a plain page load shows (the list the accessibility spec and the gallery read). */
const OPENINGS = SCREEN_STATES.filter((s): s is typeof s & { opens: ScreenOpening } => s.opens !== undefined)

const AD_LINK = 'id=7&app_from=demo&user_from=preview&utm_tag=test&links_id=1'
const LANDING = `/promotion?${AD_LINK}#/registerTemplate`

/** The shell's warning when a first frame did not match what the screen rendered (React #418). */
const FIRST_FRAME_THROWN_AWAY = /\[first frame\]/

/** Problems that mean the page broke: uncaught errors and console errors (warnings and notices are not). */
const breakages = (problems: string[]) =>
  problems.filter((p) => /^(uncaught|error|unhandled rejection):/.test(p))

/** Waits until the shell has mounted the route's remote (its mark), so hydration has run. */
const mounted = (lane: Lane) =>
  lane.waitUntil(`(mark) => performance.getEntriesByName(mark).length >= 1`, [REMOTE_MOUNTED_MARK])

/**
 * The lane test list: every engine runs these, through its `EngineDriver`. `open` starts the engine on the
 * app's origin with the suite's viewport.
 */
export function laneTests(
  name: string,
  open: (appOrigin: string, viewport: typeof VIEWPORT) => Promise<EngineDriver>,
): void {
  describe(name, () => {
    let lane: Lane

    beforeAll(async () => {
      lane = new Lane(await open(inject('appOrigin'), VIEWPORT))
      console.log(`${name}: ${lane.engine}`)
    })
    afterAll(async () => {
      await lane?.close()
    })
    beforeEach(() => lane.forgetStorage())

    test('the page viewport is the suite’s 412×823', async () => {
      await lane.goto('/testPreview')
      expect(await lane.evaluate('() => [innerWidth, innerHeight]')).toEqual([
        VIEWPORT.width,
        VIEWPORT.height,
      ])
    })

    test('the state list opens every route of the route table', () => {
      const opened = new Set(OPENINGS.map((s) => s.route))
      expect(REMOTE_ROUTES.map((r) => r.path).filter((path) => !opened.has(path))).toEqual([])
    })

    describe('every route mounts with its screen’s text and no uncaught or console error', () => {
      for (const state of OPENINGS) {
        test(stateId(state), async () => {
          await lane.goto(state.opens.url)
          await lane.waitForText(state.opens.text)
          expect(breakages(await lane.problems())).toEqual([])
        })
      }
    })

    describe('interactions', () => {
      test('promotion: apply checks the phone, then the picture captcha, then the SMS code', async () => {
        await lane.goto(LANDING)
        await lane.waitForText('极速借款，最快3分钟到账')
        await mounted(lane)
        await lane.click({ role: 'button', name: '立即申请' })
        await lane.waitForText('请正确输入手机号！')
        await lane.waitForTextGone('请正确输入手机号！')
        await lane.type({ label: '手机号' }, '13912345678')
        await lane.click({ role: 'button', name: '立即申请' })
        await lane.waitForText('请正确输入图形验证码！')
        await lane.waitForTextGone('请正确输入图形验证码！')
        await lane.type({ label: '图形验证码' }, 'AB12')
        await lane.click({ role: 'button', name: '立即申请' })
        await lane.waitForText('请正确输入短信验证码！')
        expect(breakages(await lane.problems())).toEqual([])
      })

      test('complaint: a type and its sub-type open the form with both', async () => {
        await lane.goto('/complaint?productId=1&orderId=86')
        await lane.waitForText('Select question type')
        await lane.click({ role: 'button', name: 'Collection complaint' })
        await lane.click({ role: 'button', name: 'Too many calls or messages' })
        await lane.waitForText('Problem description')
        const url = new URL(await lane.url())
        expect(url.pathname).toBe('/complainPageNext')
        expect(url.searchParams.get('problemType')).toBe('1')
        expect(url.searchParams.get('problemSonType')).toBe('3')
        await lane.find({ label: 'Problem description' })
        expect(breakages(await lane.problems())).toEqual([])
      })

      test('loan confirmation: unticking the agreements disables Next; ticking again enables it', async () => {
        await lane.goto('/loanConfirm?productId=1')
        await lane.waitForText('₱5.000,00')
        const box = { role: 'checkbox', name: 'I have read and agree to' }
        const next = { role: 'button', name: 'Next' }
        expect((await lane.state(box)).checked).toBe(true)
        expect((await lane.state(next)).disabled).toBe(false)
        await lane.click(box)
        expect((await lane.state(box)).checked).toBe(false)
        expect((await lane.state(next)).disabled).toBe(true)
        await lane.click(box)
        expect((await lane.state(next)).disabled).toBe(false)
      })

      test("repay: 'more' shows every detail line and 'hide' folds them again", async () => {
        const lines = `() => window.TestingLibraryDom.getByRole(document.body, 'region', { name: 'Repayment details' }).querySelectorAll('dt').length`
        await lane.goto('/repay?productId=1&orderId=86')
        await lane.waitForText('₱1.530,00')
        expect(await lane.evaluate(lines)).toBe(2)
        await lane.click({ role: 'button', name: 'more' })
        expect(await lane.evaluate(lines)).toBe(4)
        await lane.click({ role: 'button', name: 'hide' })
        expect(await lane.evaluate(lines)).toBe(2)
      })

      describe('in an iOS web view, the bridge posts through window.webkit.messageHandlers', () => {
        beforeAll(() => lane.addInitScript(IOS_WEB_VIEW))
        afterAll(() => lane.clearInitScripts())
        const posts = () => lane.evaluate<[string, unknown][]>('() => window.__bridgePosts')

        test('customer service: Telephone posts callTelephone with the service phone', async () => {
          await lane.goto('/customerService')
          await lane.waitForText('support@cashloan-demo.ph')
          await lane.click({ role: 'button', name: /Telephone/ })
          await lane.waitUntil('() => window.__bridgePosts.length > 0')
          expect(await posts()).toEqual([['callTelephone', ['+63 917 555 0100']]])
        })

        test("the agreement pop-up's Cancel posts closeWebview", async () => {
          await lane.goto('/loanConfirm?productId=2')
          await lane.find({ role: 'dialog', name: 'Loan agreement' })
          await lane.click({ role: 'button', name: 'Cancel' })
          await lane.waitUntil('() => window.__bridgePosts.length > 0')
          expect(await posts()).toEqual([['closeWebview', ['']]])
        })
      })
    })

    describe('first frames hold on the promotion hash routes', () => {
      for (const [page, text] of [
        ['downloadTemplate', '注册成功，下载APP立即借款'],
        ['agreementTemplate', '用户注册协议'],
      ]) {
        test(`#/${page}: hydrated without the first frame thrown away`, async () => {
          await lane.goto(`/promotion?${AD_LINK}#/${page}`)
          await lane.waitForText(text)
          await mounted(lane)
          expect((await lane.problems()).filter((p) => FIRST_FRAME_THROWN_AWAY.test(p))).toEqual([])
        })
      }
    })

    describe('parity with Chromium', () => {
      test('the promotion landing fits 412×823 without scrolling', async () => {
        await lane.goto(LANDING)
        await lane.waitForText('极速借款，最快3分钟到账')
        await mounted(lane)
        const [scrollHeight, innerHeight] = await lane.evaluate<[number, number]>(
          '() => [document.documentElement.scrollHeight, innerHeight]',
        )
        expect(scrollHeight, `scrollHeight ${scrollHeight} > innerHeight ${innerHeight}`).toBeLessThanOrEqual(
          innerHeight,
        )
      })

      for (const [form, url, text] of [
        ['promotion', LANDING, '极速借款，最快3分钟到账'],
        ['bindBank', '/bindBank?productId=1&orderId=86', 'GCash number'],
        [
          'complaint',
          '/complainPageNext?problemType=2&problemSonType=&orderNo=LN20241105001',
          'Problem description',
        ],
      ]) {
        test(`${form}: every placeholder keeps 4.5:1 contrast against its field`, async () => {
          await lane.goto(url)
          await lane.waitForText(text)
          await mounted(lane)
          const contrasts = await placeholderContrasts(lane)
          expect(contrasts.length).toBeGreaterThan(0)
          expect(contrasts.filter((c) => c.ratio < 4.5)).toEqual([])
        })
      }

      test('bindBank: an empty date field shows its placeholder, not a date', async () => {
        await lane.goto('/bindBank?productId=1&orderId=86')
        await lane.waitForText('Date of birth')
        await mounted(lane)
        const field = await emptyField(lane, 'Date of birth', 'YYYY-MM-DD')
        expect(field, JSON.stringify(field)).toEqual({
          value: '',
          placeholderInField: true,
          ownTextPixels: 0,
        })
      })
    })
  })
}
