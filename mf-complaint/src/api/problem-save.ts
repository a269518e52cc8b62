import type { CallOptions, Http } from 'shared/http'
import { record, toApiResult, type ApiResult } from 'shared/schema'
import * as v from 'valibot'
import { isImageUrl } from './images'

export const UPLOAD_PROBLEM_IMAGE_PATH = '/user-problem/upload-problem-img'
export const UPLOAD_PROBLEM_IMAGE_FIELD = 'problemImage'
export const PROBLEM_SAVE_PATH = '/user-problem/problem-save'

/** The stored image's URL: required, and only a source the page may show. */
const UploadedImageSchema = v.pipe(
  record({ url: v.pipe(v.string(), v.trim(), v.check(isImageUrl)) }),
  v.transform(({ url }) => url),
)

/** Uploads one evidence image; resolves with its URL. A server failure is toasted by the helper. */
export async function uploadProblemImage(http: Http, file: Blob): Promise<ApiResult<string>> {
  const options: CallOptions = { loading: 'uploading...' }
  const result = await http.upload(
    UPLOAD_PROBLEM_IMAGE_PATH,
    UPLOAD_PROBLEM_IMAGE_FIELD,
    file,
    undefined,
    options,
  )
  return toApiResult(result, options, 'upload-problem-img', UploadedImageSchema)
}

export interface SaveProblemInput {
  problemType: string
  problemSonType: string
  problemDetail: string
  /** Uploaded image URLs; sent comma-joined ('' for none). */
  images: readonly string[]
  orderNo: string
}

export type SaveProblemBody = Record<
  'problemType' | 'problemSonType' | 'problemDetail' | 'problemImage' | 'orderNo',
  string
>

export function saveProblemBody(input: SaveProblemInput): SaveProblemBody {
  return {
    problemType: input.problemType,
    problemSonType: input.problemSonType,
    problemDetail: input.problemDetail,
    problemImage: input.images.join(','),
    orderNo: input.orderNo,
  }
}

/** Sends a complaint. Guarded as a money call so a double tap sends it once. */
export async function saveProblem(http: Http, input: SaveProblemInput): Promise<ApiResult<true>> {
  const options: CallOptions = { loading: 'saving...', money: true }
  const result = await http.post(PROBLEM_SAVE_PATH, saveProblemBody(input), options)
  return result.success ? { ok: true, data: true } : { ok: false, message: result.message, notified: true }
}
