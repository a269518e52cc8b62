import { useCallback, useEffect, useId, useState } from 'react'
import type { RemoteProps } from 'shared/contract'
import { getProblemDetail, type ProblemDetail } from '../../api/problem-detail'
import { LIMITS, MESSAGES } from '../../content/messages'
import { ComplaintText } from '../../components/complaint-text'
import { LoadError, LoadingBlock } from '../../components/screen-parts'
import { TypeTags } from '../../components/type-tags'
import { useAfterFirstFrame } from 'shared/ui'
import { useLoad } from 'shared/ui/use-load'
import { ImageGallery } from './image-gallery'
import { RatingModal } from './rating-modal'

const m = MESSAGES.detail

/**
 * Complaint detail: type, description, images, the agent's Process Result, and the service rating. Its first
 * frame is the loading state: a link without a problem says so once the screen is on the page.
 */
export function ComplaintDetailsScreen(props: RemoteProps) {
  const problemId = props.query.problemId ?? ''
  const named = useAfterFirstFrame(problemId !== '', true)
  if (!named) {
    return (
      <main className="ui-page">
        <h1 className="complaint-title">{m.title}</h1>
        <div className="complaint-error" role="alert">
          <p className="complaint-error__text">{m.noProblem}</p>
          <button
            type="button"
            className="complaint-button complaint-button--ghost"
            onClick={() => props.navigate('/complaintList', { replace: true })}
          >
            {m.backToList}
          </button>
        </div>
      </main>
    )
  }
  return <DetailsLoader http={props.http} problemId={problemId} />
}

function DetailsLoader({ http, problemId }: { http: RemoteProps['http']; problemId: string }) {
  const load = useCallback(() => getProblemDetail(http, problemId), [http, problemId])
  const { state, retry } = useLoad(load)
  return (
    <main className="ui-page">
      <h1 className="complaint-title">{m.title}</h1>
      {state.status === 'loading' && <LoadingBlock minHeight={360} />}
      {state.status === 'error' && <LoadError message={state.message} onRetry={retry} />}
      {state.status === 'ready' && <DetailContent http={http} detail={state.data} problemId={problemId} />}
    </main>
  )
}

function DetailContent({
  http,
  detail,
  problemId,
}: {
  http: RemoteProps['http']
  detail: ProblemDetail
  problemId: string
}) {
  const resultId = useId()
  const [rating, setRating] = useState<'waiting' | 'open' | 'done'>(detail.needsScore ? 'waiting' : 'done')

  useEffect(() => {
    if (rating !== 'waiting') return
    const timer = setTimeout(() => setRating('open'), LIMITS.ratingDelayMs)
    return () => clearTimeout(timer)
  }, [rating])

  const hasResult = detail.disposeDetail !== '' || detail.disposeImages.length > 0

  return (
    <>
      <section className="complaint-card" aria-label={m.typeLabel}>
        <TypeTags label={m.typeLabel} type={detail.type} sonType={detail.sonType} />
      </section>

      <ComplaintText label={m.contentLabel} value={detail.content}>
        <ImageGallery images={detail.images} label={m.imagesLabel} />
      </ComplaintText>

      {hasResult && (
        <section className="complaint-card complaint-result" aria-labelledby={resultId}>
          <h2 className="complaint-section-title" id={resultId}>
            {m.processResult}
          </h2>
          {detail.disposeDetail && <p className="complaint-result__text">{detail.disposeDetail}</p>}
          <ImageGallery images={detail.disposeImages} label={m.processResult} />
        </section>
      )}

      {rating === 'open' && (
        <RatingModal
          http={http}
          problemId={detail.problemId || problemId}
          onClose={() => setRating('done')}
          onRated={() => setRating('done')}
        />
      )}
    </>
  )
}
