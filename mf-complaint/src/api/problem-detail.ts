import type { CallOptions, Http } from 'shared/http'
import { flag, record, text, toApiResult, type ApiResult } from 'shared/schema'
import * as v from 'valibot'
import { imageList } from './images'
import { MESSAGES } from '../content/messages'

export const PROBLEM_DETAIL_PATH = '/user-problem/problem-detail'
export const SAVE_SCORE_PATH = '/user-problem/save-score'

/** Malformed fields are treated as empty (and logged). */
const ProblemDetailSchema = v.pipe(
  record({
    type: text,
    sonType: text,
    problemId: text,
    content: text,
    images: imageList,
    /** The customer service agent's answer ('' while there is none). */
    disposeDetail: text,
    disposeImages: imageList,
    /** Nonzero: the borrower is asked to rate the service. */
    isNeedScore: flag,
  }),
  v.transform(({ isNeedScore, ...detail }) => ({ ...detail, needsScore: isNeedScore })),
)

export type ProblemDetail = v.InferOutput<typeof ProblemDetailSchema>

/**
 * Without a problem there is nothing to ask the server: no call. The screen says no complaint was chosen; this
 * also holds while it hydrates its first frame, rendered as if a problem were named.
 */
export async function getProblemDetail(http: Http, problemId: string): Promise<ApiResult<ProblemDetail>> {
  if (!problemId) return { ok: false, message: MESSAGES.detail.noProblem, notified: false }
  const options: CallOptions = { silent: true }
  const result = await http.post(PROBLEM_DETAIL_PATH, { problemId }, options)
  return toApiResult(result, options, 'problem-detail', ProblemDetailSchema)
}

export interface SaveScoreInput {
  /** 1 to 5. */
  score: number
  problemId: string
}

/** Rates the service; a server failure is toasted by the helper. */
export async function saveScore(http: Http, input: SaveScoreInput): Promise<ApiResult<true>> {
  const options: CallOptions = { loading: 'saving...', money: false }
  const result = await http.post(SAVE_SCORE_PATH, { score: input.score, problemId: input.problemId }, options)
  return result.success ? { ok: true, data: true } : { ok: false, message: result.message, notified: true }
}
