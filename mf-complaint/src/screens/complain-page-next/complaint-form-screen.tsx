import { useCallback, useEffect, useEffectEvent, useId, useRef, useState } from 'react'
import type { RemoteProps } from 'shared/contract'
import { showToast, useAfterFirstFrame } from 'shared/ui'
import { getProblemInit } from '../../api/problem-init'
import { saveProblem, uploadProblemImage } from '../../api/problem-save'
import { LIMITS, MESSAGES } from '../../content/messages'
import { ComplaintText } from '../../components/complaint-text'
import { LoadError, LoadingBlock, Modal } from '../../components/screen-parts'
import { usePrefetch } from 'shared/ui/on-demand'
import { carriedQuery, entryOrderId } from '../../components/route-query'
import { TypeTags } from '../../components/type-tags'
import { useLoad } from 'shared/ui/use-load'
import { EvidenceUploader } from './evidence-uploader'
import { photoChunk, preparePhoto } from './prepare-photo'

const m = MESSAGES.form

/** Input beyond the limit is ignored, counted in characters (an emoji is one, never cut in half). */
export function capDetail(text: string): string {
  const chars = Array.from(text)
  return chars.length > LIMITS.detailMax ? chars.slice(0, LIMITS.detailMax).join('') : text
}

export function entryPath(query: Record<string, string>): string {
  const params = new URLSearchParams(carriedQuery(query)).toString()
  return params ? `/complaint?${params}` : '/complaint'
}

/**
 * Complaint form: type tags, description, evidence images, Send. Its first frame is the form with the types
 * loading: a link without a type says so once the screen is on the page.
 */
export function ComplaintFormScreen(props: RemoteProps) {
  const { http, query, navigate } = props
  const problemType = query.problemType ?? ''
  const typed = useAfterFirstFrame(problemType !== '', true)
  const problemSonType = query.problemSonType ?? ''
  const orderNo = query.orderNo ?? ''
  const orderId = entryOrderId(props)
  const evidenceId = useId()

  const loadTypes = useCallback(() => getProblemInit(http, orderId), [http, orderId])
  const { state: types, retry } = useLoad(loadTypes)

  const [detail, setDetail] = useState('')
  const [images, setImages] = useState<string[]>([])
  /** Adding one evidence image: the picked photo is resized, then uploaded (one image at a time). */
  const [adding, setAdding] = useState<'preparing' | 'uploading' | null>(null)
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState(false)
  const sendingRef = useRef(false)
  const mounted = useRef(true)
  usePrefetch(photoChunk.load)

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  // The host may pass new props while the modal shows; that must not restart the 1.5 s.
  const backToEntry = useEffectEvent(() => navigate(entryPath(query), { replace: true }))
  useEffect(() => {
    if (!sent) return
    const timer = setTimeout(() => backToEntry(), LIMITS.sentModalMs)
    return () => clearTimeout(timer)
  }, [sent])

  if (!typed) {
    return (
      <main className="ui-page">
        <h1 className="complaint-title">{m.title}</h1>
        <div className="complaint-error" role="alert">
          <p className="complaint-error__text">{m.noType}</p>
          <button
            type="button"
            className="complaint-button complaint-button--ghost"
            onClick={() => navigate(entryPath(query), { replace: true })}
          >
            {m.chooseType}
          </button>
        </div>
      </main>
    )
  }

  const onFile = async (file: File) => {
    if (images.length >= LIMITS.imagesMax || adding) return
    setAdding('preparing')
    const prepared = await preparePhoto(file)
    if (!mounted.current) return
    if (!prepared.ok) {
      setAdding(null)
      showToast(prepared.message)
      return
    }
    setAdding('uploading')
    const result = await uploadProblemImage(http, prepared.file)
    if (!mounted.current) return
    setAdding(null)
    if (result.ok) {
      setImages((previous) => (previous.length >= LIMITS.imagesMax ? previous : [...previous, result.data]))
      showToast(m.uploadSucceeded)
    } else if (!result.notified) showToast(m.uploadNoUrl)
  }

  const send = async () => {
    if (sendingRef.current || sent) return
    const text = detail.trim()
    if (text === '') {
      showToast(m.emptyDetail)
      return
    }
    sendingRef.current = true
    setSending(true)
    const result = await saveProblem(http, {
      problemType,
      problemSonType,
      problemDetail: text,
      images,
      orderNo,
    })
    sendingRef.current = false
    if (!mounted.current) return
    setSending(false)
    if (result.ok) setSent(true)
    else if (!result.notified) showToast(result.message)
  }

  const busy = sending || sent

  return (
    <main className="ui-page">
      <h1 className="complaint-title">{m.title}</h1>

      <section className="complaint-card" aria-label={m.typeLabel}>
        {types.status === 'loading' && <LoadingBlock minHeight={40} />}
        {types.status === 'error' && <LoadError message={types.message} onRetry={retry} />}
        {types.status === 'ready' && (
          <TypeTags
            label={m.typeLabel}
            type={types.data.problemType.find((t) => t.value === problemType)?.title ?? problemType}
            sonType={
              problemSonType
                ? (types.data.problemSonType.find((t) => t.value === problemSonType)?.title ?? problemSonType)
                : ''
            }
          />
        )}
      </section>

      <ComplaintText
        label={m.descriptionLabel}
        value={detail}
        placeholder={m.descriptionPlaceholder}
        disabled={busy}
        onChange={(text) => setDetail(capDetail(text))}
      />

      <section className="complaint-card" aria-labelledby={evidenceId}>
        <h2 className="complaint-section-title" id={evidenceId}>
          {m.evidenceLabel}
        </h2>
        <EvidenceUploader
          images={images}
          busy={adding !== null}
          preparing={adding === 'preparing'}
          disabled={busy}
          onFile={(file) => void onFile(file)}
          onRemove={(index) => setImages((previous) => previous.filter((_, i) => i !== index))}
        />
        <p className="complaint-tip">{m.evidenceTip}</p>
      </section>

      <p className="complaint-note">{m.replyNote}</p>

      <button
        type="button"
        className="complaint-button complaint-button--block"
        disabled={busy || adding !== null}
        onClick={() => void send()}
      >
        {m.send}
      </button>

      {sent && <Modal title={m.sent} boxClassName="complaint-modal__box--sent" />}
    </main>
  )
}
