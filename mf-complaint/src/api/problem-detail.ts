import type { CallOptions, Http } from 'shared/http'
import { asFlag, asImageList, asRecord, asText, toApiResult, type ApiResult } from './validate'

export const PROBLEM_DETAIL_PATH = '/user-problem/problem-detail'
export const SAVE_SCORE_PATH = '/user-problem/save-score'

export interface ProblemDetail {
  type: string
  sonType: string
  problemId: string
  content: string
  images: string[]
  /** The customer service agent's answer ('' while there is none). */
  disposeDetail: string
  disposeImages: string[]
  /** `isNeedScore` nonzero: the borrower is asked to rate the service. */
  needsScore: boolean
}

/** Malformed fields are treated as empty. */
export function parseProblemDetail(data: unknown): ProblemDetail {
  const record = asRecord(data) ?? {}
  return {
    type: asText(record.type),
    sonType: asText(record.sonType),
    problemId: asText(record.problemId),
    content: asText(record.content),
    images: asImageList(record.images),
    disposeDetail: asText(record.disposeDetail),
    disposeImages: asImageList(record.disposeImages),
    needsScore: asFlag(record.isNeedScore),
  }
}

export async function getProblemDetail(http: Http, problemId: string): Promise<ApiResult<ProblemDetail>> {
  const options: CallOptions = { silent: true }
  const result = await http.post(PROBLEM_DETAIL_PATH, { problemId }, options)
  return toApiResult(result, options, parseProblemDetail)
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
  return toApiResult(result, options, () => true)
}
