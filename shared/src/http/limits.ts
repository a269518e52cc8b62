/**
 * Size limits the browser, the demo API and nginx agree on (nginx.conf's `client_max_body_size` is checked
 * against REQUEST_BODY_MAX_BYTES by deploy's tests).
 */

/** Longest side of a photo after the browser resizes it for upload: sharp on a phone, ~0.3–0.8 MB as JPEG. */
export const UPLOAD_MAX_SIDE_PX = 1600

/** Largest file the client sends; a file still larger after resizing is refused before it is sent. */
export const UPLOAD_MAX_BYTES = 3 * 1024 * 1024

/** Largest request body the servers accept: one upload plus its multipart envelope and form fields. */
export const REQUEST_BODY_MAX_BYTES = UPLOAD_MAX_BYTES + 64 * 1024
