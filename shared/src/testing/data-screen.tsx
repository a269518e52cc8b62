import { useCallback } from 'react'
import type { RemoteProps } from '../contract/contract'
import { DEFAULT_SETTINGS } from '../host/settings'
import { buildFirstCall } from '../http/first-call'
import type { DataPage } from '../remote/first-frame'
import { createFirstFrameRenderer } from '../remote/first-frame-render'
import { renderedLoadsScript } from '../remote/rendered-loads'
import type { ApiResult } from '../schema/schema'
import { emptySession, type SessionSnapshot } from '../session/session'
import { useLoad } from '../ui/use-load'

/** A data screen for tests of pages rendered with the borrower's data: one load (POST /due), then the amount. */
export function DueScreen({ http }: RemoteProps) {
  const load = useCallback(
    () =>
      http
        .post<string>('/due')
        .then((r): ApiResult<string> =>
          r.success ? { ok: true, data: String(r.data) } : { ok: false, message: r.message, notified: true },
        ),
    [http],
  )
  const { state } = useLoad(load)
  return state.status === 'ready' ? <h1>{`Due ₱${state.data}`}</h1> : <p role="status">Loading...</p>
}

/**
 * `DueScreen` as the render service renders `/repay` for a borrower (ADR 0054), through the renderer a remote
 * build bundles: the frame's content, the data block first. `version` is the release said to render it.
 */
export async function renderedDueFrame(
  amount: string,
  { session = emptySession(), version = '1.0.0' }: { session?: SessionSnapshot; version?: string } = {},
): Promise<string> {
  const endpoint = { baseURL: '/utilities', appOrigin: 'https://loan.example' }
  const call = buildFirstCall({ method: 'POST', path: '/due' }, endpoint, new URLSearchParams(), session)
  if (!call) throw new Error('the call was not built')
  const answer = JSON.stringify({ code: '00', message: 'success', data: amount })
  const page: DataPage = {
    query: {},
    session,
    endpoint,
    answers: { [call.key]: { status: 200, text: answer } },
  }
  const renderer = createFirstFrameRenderer('mf_repay', DueScreen, ['/repay'])
  const rendered = await renderer.renderWithData?.('/repay', DEFAULT_SETTINGS, page)
  if (!rendered || !('html' in rendered)) throw new Error(rendered?.skipped ?? 'no request-time render')
  return renderedLoadsScript({ version, query: page.query, session, loads: rendered.loads }) + rendered.html
}
