import { useEffect, useState } from 'react'
import type { Settings } from 'shared/contract'
import type { Http } from 'shared/http'
import { getContactInfo } from '../../api/contact'

export interface ContactDetails {
  phone: string
  email: string
}

/** The deploy settings at once, then whatever the server provides in their place. */
export function useContactDetails(http: Http, settings: Settings): ContactDetails {
  const [server, setServer] = useState<{ phone: string | null; email: string | null } | null>(null)

  useEffect(() => {
    let live = true
    void getContactInfo(http).then((info) => {
      if (live && info) setServer({ phone: info.smWa, email: info.email })
    })
    return () => {
      live = false
    }
  }, [http])

  return {
    phone: server?.phone ?? settings.servicePhone,
    email: server?.email ?? settings.serviceEmail,
  }
}
