import type { ReactNode } from 'react'
import type { LoadingText, Notifier } from '../http/http'
import { loadOnce } from '../schedule/schedule'
import type * as ToastModule from './toast'

export const TOAST_DEFAULT_MS = 3000
export const TOAST_INFO_MS = 2000
/** A custom toast duration must exceed this, else the default applies. */
export const TOAST_MIN_MS = 300

type ToastApi = typeof ToastModule.Toast
type ToastHandle = ReturnType<ToastApi['show']>

/** The toast code once it has loaded (for `clearToasts`). */
let loadedToast: ToastApi | null = null
const loadToastCode = loadOnce(() => import('./toast').then((module) => (loadedToast = module.Toast)))

/**
 * antd-mobile's Toast brings its mask and animation library, so it is not part of any first screen (ADR
 * 0008): it loads on the first toast, or earlier with this (hosts call it once the page is up). Resolves to
 * null when the code cannot be loaded; a later call tries again.
 */
export function preloadToasts(): Promise<ToastApi | null> {
  return loadToastCode().catch(() => null)
}

const FALLBACK_CLASS = 'loan-toast-fallback'

/**
 * When the toast code cannot be loaded (offline after the page loaded), the message still shows: a plain
 * status line, removed after its time.
 */
const removeFallbacks = () => document.querySelectorAll(`.${FALLBACK_CLASS}`).forEach((node) => node.remove())

function fallbackToast(content: ReactNode, durationMs: number): () => void {
  removeFallbacks()
  const node = document.createElement('div')
  node.className = FALLBACK_CLASS
  node.setAttribute('role', 'status')
  node.textContent = typeof content === 'string' || typeof content === 'number' ? String(content) : ''
  Object.assign(node.style, {
    position: 'fixed',
    left: '50%',
    top: '50%',
    transform: 'translate(-50%, -50%)',
    maxWidth: '80vw',
    padding: '12px 16px',
    borderRadius: '8px',
    background: 'rgba(0, 0, 0, 0.7)',
    color: '#fff',
    textAlign: 'center',
    zIndex: '1090',
  })
  document.body.append(node)
  const timer = durationMs > 0 ? window.setTimeout(() => node.remove(), durationMs) : undefined
  return () => {
    window.clearTimeout(timer)
    node.remove()
  }
}

/**
 * Which show call owns antd-mobile's single toast. antd-mobile keeps one global toast with one shared handle,
 * so a loading toast's close must not close a newer toast shown over it (this mirrors that global state).
 */
let toastOwner: object | null = null

/** Shows a toast once the toast code is there, unless a newer show call or its close came first. */
function show(content: ReactNode, durationMs: number, loading = false): () => void {
  const owner = {}
  toastOwner = owner
  let closed = false
  let close: (() => void) | null = null
  void preloadToasts().then((toast) => {
    if (closed || toastOwner !== owner) return
    if (!toast) {
      close = fallbackToast(content, durationMs)
      return
    }
    const handle: ToastHandle = toast.show({
      content,
      duration: durationMs,
      ...(loading ? { icon: 'loading' as const, maskClickable: false } : {}),
    })
    close = () => handle.close()
  })
  return () => {
    closed = true
    if (toastOwner !== owner) return
    toastOwner = null
    close?.()
  }
}

/** Default toast: 3 s; a custom duration applies only above 300 ms. */
export function showToast(content: ReactNode, durationMs?: number): void {
  const duration = durationMs !== undefined && durationMs > TOAST_MIN_MS ? durationMs : TOAST_DEFAULT_MS
  show(content, duration)
}

/** Info toasts last 2 s. */
export function showInfo(content: ReactNode): void {
  show(content, TOAST_INFO_MS)
}

/** A loading toast that stays until closed; returns the close function. */
export function showLoading(text: LoadingText): () => void {
  return show(text, 0, true)
}

/** Closes whatever toast is showing (tests use it between cases). */
export function clearToasts(): void {
  toastOwner = null
  removeFallbacks()
  // A toast still waiting for the code will not show: it is no longer the owner.
  loadedToast?.clear()
}

/** The notifier the request helper uses. */
export const toastNotifier: Notifier = {
  loading: showLoading,
  error: (message) => showToast(message),
}
