import { useEffect, useState, type ChangeEvent } from 'react'

/** The test page's device checks: a photo chosen from the camera or the gallery, and the location. */

export const LOCATION_MESSAGES = {
  unavailable: 'Location is not available on this device.',
  denied: 'Location permission was refused. Allow location access and try again.',
  failed: 'Your location could not be determined. Please try again.',
  timeout: 'Getting your location took too long. Please try again.',
  locating: 'Getting location…',
  notImage: 'Please choose an image file.',
} as const

export function usePhotoPreview() {
  const [url, setUrl] = useState<string | null>(null)
  const [error, setError] = useState('')
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url])
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    if (!file) return
    if (!file.type.startsWith('image/')) {
      setError(LOCATION_MESSAGES.notImage)
      setUrl(null)
      return
    }
    setError('')
    setUrl(URL.createObjectURL(file))
  }
  return { url, error, onChange }
}

export function useLocationReading(geolocation: Geolocation | undefined) {
  const [text, setText] = useState('')
  const locate = () => {
    if (!geolocation) {
      setText(LOCATION_MESSAGES.unavailable)
      return
    }
    setText(LOCATION_MESSAGES.locating)
    geolocation.getCurrentPosition(
      ({ coords }) =>
        setText(`Latitude ${coords.latitude.toFixed(6)}, longitude ${coords.longitude.toFixed(6)}`),
      (error) =>
        setText(
          error.code === error.PERMISSION_DENIED
            ? LOCATION_MESSAGES.denied
            : error.code === error.TIMEOUT
              ? LOCATION_MESSAGES.timeout
              : LOCATION_MESSAGES.failed,
        ),
      { timeout: 10_000, maximumAge: 60_000 },
    )
  }
  return { text, locate }
}
