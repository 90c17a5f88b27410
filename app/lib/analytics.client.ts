import { gtagUrl } from './consent'

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

/**
 * Loads the Google tag once, after the visitor accepted: consent mode starts
 * denied and only analytics storage is granted.
 */
export function loadAnalytics(id: string) {
  if (!id || document.querySelector(`script[src^="https://www.googletagmanager.com/gtag/js"]`)) return
  const dataLayer = (window.dataLayer = window.dataLayer ?? [])
  // gtag() pushes its `arguments` object, as Google's snippet does.
  function gtag(..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments)
  }
  gtag('consent', 'default', {
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    analytics_storage: 'denied',
  })
  gtag('consent', 'update', { analytics_storage: 'granted' })
  gtag('js', new Date())
  gtag('config', id, { anonymize_ip: true })
  const script = document.createElement('script')
  script.async = true
  script.src = gtagUrl(id)
  document.head.appendChild(script)
}
