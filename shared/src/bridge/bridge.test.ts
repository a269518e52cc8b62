import { afterEach, expect, test, vi } from 'vitest'
import { BRIDGE_ACTIONS, createBridge, detectChannel, type BridgeAction, type WebFallback } from './bridge'

function fakeFallback() {
  return {
    home: vi.fn(),
    back: vi.fn(),
    telephone: vi.fn(),
    unsupported: vi.fn(),
  } satisfies WebFallback
}

function iosWindow(actions: readonly string[] = BRIDGE_ACTIONS) {
  const handlers = Object.fromEntries(actions.map((action) => [action, { postMessage: vi.fn() }]))
  return { win: { webkit: { messageHandlers: handlers } }, handlers }
}

function androidWindow(actions: readonly string[] = BRIDGE_ACTIONS) {
  const received: { action: string; json: string; self: unknown }[] = []
  const AndroidBridge: Record<string, unknown> = {}
  for (const action of actions) {
    AndroidBridge[action] = function (this: unknown, json: string) {
      received.push({ action, json, self: this })
    }
  }
  return { win: { AndroidBridge }, AndroidBridge, received }
}

afterEach(() => {
  vi.restoreAllMocks()
})

test('detects the native host', () => {
  expect(detectChannel(iosWindow().win)).toBe('ios')
  expect(detectChannel(androidWindow().win)).toBe('android')
  expect(detectChannel({})).toBe('web')
  expect(detectChannel({ webkit: {} })).toBe('web')
  expect(createBridge(iosWindow().win, fakeFallback()).channel).toBe('ios')
})

test('iOS: posts the payload to the action message handler, [""] by default', () => {
  const { win, handlers } = iosWindow()
  const fallback = fakeFallback()
  const bridge = createBridge(win, fallback)

  bridge.call('closeWebview')
  bridge.call('to', ['main'])
  bridge.call('callTelephone', ['+63 2 1234'])

  expect(handlers.closeWebview.postMessage).toHaveBeenCalledWith([''])
  expect(handlers.to.postMessage).toHaveBeenCalledWith(['main'])
  expect(handlers.callTelephone.postMessage).toHaveBeenCalledWith(['+63 2 1234'])
  expect(handlers.toHome.postMessage).not.toHaveBeenCalled()
  // The app handles these itself: no web fallback runs.
  expect(fallback.back).not.toHaveBeenCalled()
  expect(fallback.telephone).not.toHaveBeenCalled()
})

test('iOS: an action the app has no handler for is skipped without throwing', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const { win, handlers } = iosWindow(['to'])
  const fallback = fakeFallback()
  const bridge = createBridge(win, fallback)
  expect(() => bridge.call('toRate')).not.toThrow()
  expect(handlers.to.postMessage).not.toHaveBeenCalled()
  expect(fallback.unsupported).not.toHaveBeenCalled()
})

test('Android: calls AndroidBridge[action] with the JSON payload, on the bridge object', () => {
  const { win, AndroidBridge, received } = androidWindow()
  const bridge = createBridge(win, fakeFallback())

  bridge.call('toHome')
  bridge.call('confirmBurialPoint', ['loan_confirm', { step: 2 }])

  expect(received).toEqual([
    { action: 'toHome', json: '[""]', self: AndroidBridge },
    { action: 'confirmBurialPoint', json: '["loan_confirm",{"step":2}]', self: AndroidBridge },
  ])
})

test('Android: a method the app lacks is skipped without throwing', () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const { win, received } = androidWindow(['to'])
  const fallback = fakeFallback()
  const bridge = createBridge(win, fallback)
  expect(() => bridge.call('startBank')).not.toThrow()
  expect(received).toEqual([])
  expect(fallback.unsupported).not.toHaveBeenCalled()
})

test('web: toHome goes home, closeWebview goes back, callTelephone dials the number', () => {
  const fallback = fakeFallback()
  const bridge = createBridge({}, fallback)

  bridge.call('toHome')
  expect(fallback.home).toHaveBeenCalledTimes(1)

  bridge.call('closeWebview')
  expect(fallback.back).toHaveBeenCalledTimes(1)

  bridge.call('callTelephone', ['+63 917 000 0000'])
  expect(fallback.telephone).toHaveBeenCalledWith('+63 917 000 0000')

  // Without a number the fallback gets '' (and uses the service phone).
  bridge.call('callTelephone')
  expect(fallback.telephone).toHaveBeenLastCalledWith('')
  expect(fallback.unsupported).not.toHaveBeenCalled()
})

test.each<BridgeAction>(['to', 'toP', 'toMine', 'offToLogin', 'toRate'])(
  'web: %s (a tap) is reported as unsupported with its payload',
  (action) => {
    const fallback = fakeFallback()
    createBridge({}, fallback).call(action, ['main'])
    expect(fallback.unsupported).toHaveBeenCalledWith(action, ['main'])
    expect(fallback.home).not.toHaveBeenCalled()
    expect(fallback.back).not.toHaveBeenCalled()
  },
)

test.each<BridgeAction>(['confirmBurialPoint', 'startBank', 'endBank'])(
  'web: %s (not a tap) is a no-op with a console note, never reported as unsupported',
  (action) => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined)
    const fallback = fakeFallback()
    createBridge({}, fallback).call(action, ['loan_confirm'])
    expect(Object.values(fallback).every((fn) => fn.mock.calls.length === 0)).toBe(true)
    expect(info).toHaveBeenCalledWith(expect.stringContaining(action), ['loan_confirm'])
  },
)

test('native hosts still receive background actions', () => {
  const { win, handlers } = iosWindow()
  createBridge(win, fakeFallback()).call('startBank', ['BDO'])
  expect(handlers.startBank.postMessage).toHaveBeenCalledWith(['BDO'])
})

test('an unknown action is ignored on every channel', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const fallback = fakeFallback()
  const ios = iosWindow([...BRIDGE_ACTIONS, 'deleteAccount'])
  const android = androidWindow([...BRIDGE_ACTIONS, 'deleteAccount'])

  createBridge({}, fallback).call('deleteAccount' as BridgeAction)
  createBridge(ios.win, fallback).call('deleteAccount' as BridgeAction)
  createBridge(android.win, fallback).call('deleteAccount' as BridgeAction)

  expect(Object.values(fallback).every((fn) => fn.mock.calls.length === 0)).toBe(true)
  expect(ios.handlers.deleteAccount.postMessage).not.toHaveBeenCalled()
  expect(android.received).toEqual([])
  expect(warn).toHaveBeenCalledTimes(3)
})

test('native back: the newest listener runs first and the first that handles it stops the rest', () => {
  const bridge = createBridge({}, fakeFallback())
  const order: string[] = []
  bridge.onNativeBack(() => {
    order.push('older')
    return true
  })
  bridge.onNativeBack(() => {
    order.push('newer')
    return false
  })
  expect(bridge.emitNativeBack()).toBe(true)
  expect(order).toEqual(['newer', 'older'])

  order.length = 0
  bridge.onNativeBack(() => {
    order.push('newest')
    return true
  })
  expect(bridge.emitNativeBack()).toBe(true)
  expect(order).toEqual(['newest'])
})

test('native back: false when no listener handles it, and an unsubscribed listener no longer runs', () => {
  const bridge = createBridge({}, fakeFallback())
  expect(bridge.emitNativeBack()).toBe(false)

  const popup = vi.fn(() => true)
  const passive = vi.fn(() => false)
  const stopPopup = bridge.onNativeBack(popup)
  bridge.onNativeBack(passive)
  expect(bridge.emitNativeBack()).toBe(true)

  stopPopup()
  stopPopup() // a second call is harmless
  expect(bridge.emitNativeBack()).toBe(false)
  expect(popup).toHaveBeenCalledTimes(1)
  expect(passive).toHaveBeenCalledTimes(2)
})

test('native back: unsubscribing one of two registrations of the same listener keeps the other', () => {
  const bridge = createBridge({}, fakeFallback())
  const listener = vi.fn(() => true)
  const first = bridge.onNativeBack(listener)
  bridge.onNativeBack(listener)
  first()
  expect(bridge.emitNativeBack()).toBe(true)
  expect(listener).toHaveBeenCalledTimes(1)
})
