// @vitest-environment happy-dom
// @vitest-environment-options {"url": "http://localhost:8787/"}
/**
 * The behaviour modules (app/enhancements/) on the server HTML of the components that ask for them, in
 * happy-dom with a fake clock: what each one changes, and that it changes attributes and text only. The
 * real browser (Chromium, test/e2e) checks them again with focus, layout and the Google tag.
 */
import { createElement, type ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { slides } from '~/catalogo/slides'
import { HeroCarousel } from '~/components/hero-carousel'
import { MobileMenu } from '~/components/mobile-menu'
import { SiteFooter } from '~/components/site-footer'
import { Toast, type ToastData } from '~/components/toast'
import { CAROUSEL_INTERVAL_MS, CAROUSEL_TEXTS, start as startCarousel } from '~/enhancements/carousel'
import { BACK_TO_TOP, start as startBackToTop } from '~/enhancements/back-to-top'
import { CONSENT_BANNER, enhanceConsent } from '~/enhancements/consent'
import { SENDING_TIMEOUT_MS, enhanceDocumentForm, focusFirstInvalid } from '~/enhancements/form'
import { start as startMenu } from '~/enhancements/mobile-menu'
import { READY_ATTRIBUTE } from '~/enhancements/names'
import { TOAST_AUTO_HIDE_MS, start as startToasts } from '~/enhancements/toast'
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, enhanceTooltips } from '~/enhancements/tooltip'
import { CONSENT_OPEN_ATTRIBUTE } from '~/lib/consent'
import { headerLinks } from '~/lib/navigation'

/** Puts a component's server HTML in the document's body. */
function serve(element: ReactElement) {
  document.body.innerHTML = renderToStaticMarkup(element)
}

/** The DOM's structure, without attributes or text: a behaviour may change those, never the elements. */
const shape = (node: Element): string => `${node.tagName}(${[...node.children].map((child) => shape(child)).join(',')})`

beforeEach(() => {
  vi.useFakeTimers()
  document.body.innerHTML = ''
  document.documentElement.removeAttribute(READY_ATTRIBUTE)
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('carousel', () => {
  const activeSlide = () =>
    [...document.querySelectorAll('[aria-roledescription="slide"]')].findIndex(
      (slide) => !slide.hasAttribute('aria-hidden'),
    )
  const button = (name: string) => document.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!

  function carousel() {
    serve(createElement(HeroCarousel, { heading: 'Taller', slides, claims: [] }))
    const before = shape(document.body)
    expect(document.querySelector('.hero__controls')?.hasAttribute('hidden')).toBe(true)
    startCarousel(document)
    expect(shape(document.body)).toBe(before)
  }

  it('reveals its controls and advances every 5 s, wrapping from the last slide to the first', () => {
    carousel()
    expect(document.querySelector('.hero__controls')?.hasAttribute('hidden')).toBe(false)
    expect(document.documentElement.getAttribute(READY_ATTRIBUTE)).toBe('carousel')
    expect(activeSlide()).toBe(0)
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS - 1)
    expect(activeSlide()).toBe(0)
    vi.advanceTimersByTime(1)
    expect(activeSlide()).toBe(1)
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 2)
    expect(activeSlide()).toBe(0)
    const hidden = document.querySelectorAll('[aria-roledescription="slide"][aria-hidden="true"]')
    expect(hidden).toHaveLength(2)
    expect([...hidden].every((slide) => slide.hasAttribute('inert'))).toBe(true)
    expect(document.querySelector('.hero__slides')?.getAttribute('aria-live')).toBe('off')
  })

  it('previous and next wrap; a dot jumps to its slide and is the current one', () => {
    carousel()
    button('Diapositiva anterior').click()
    expect(activeSlide()).toBe(2)
    button('Diapositiva siguiente').click()
    expect(activeSlide()).toBe(0)
    const dots = [...document.querySelectorAll<HTMLButtonElement>('.hero__dot')]
    expect(dots).toHaveLength(3)
    dots[2]?.click()
    expect(activeSlide()).toBe(2)
    expect(dots.map((dot) => dot.getAttribute('aria-current'))).toEqual([null, null, 'true'])
  })

  it('pauses with its button (its name and tooltip say so) and while hovered', () => {
    carousel()
    button(CAROUSEL_TEXTS.pause).click()
    const toggle = button(CAROUSEL_TEXTS.resume)
    expect(toggle.parentElement?.querySelector('[role="tooltip"]')?.textContent).toBe(CAROUSEL_TEXTS.resumeTip)
    expect(document.querySelector('.hero')?.hasAttribute('data-paused')).toBe(true)
    expect(document.querySelector('.hero__slides')?.getAttribute('aria-live')).toBe('polite')
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3)
    expect(activeSlide()).toBe(0)
    toggle.click()
    const hero = document.querySelector('.hero')!
    // Chosen by the visitor, play rotates even under the pointer; paused and played by the page, hover pauses.
    button(CAROUSEL_TEXTS.pause).click()
    hero.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'mouse' }))
    button(CAROUSEL_TEXTS.resume).click()
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS)
    expect(activeSlide()).toBe(1)
    hero.dispatchEvent(new PointerEvent('pointerleave', { pointerType: 'mouse' }))
  })

  it('pauses while a mouse is over it, not for a tap on a phone', () => {
    carousel()
    const hero = document.querySelector('.hero')!
    hero.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'mouse' }))
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3)
    expect(activeSlide()).toBe(0)
    hero.dispatchEvent(new PointerEvent('pointerleave', { pointerType: 'mouse' }))
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS)
    expect(activeSlide()).toBe(1)
    // A tap: the touch pointer enters and never 'leaves' until a tap elsewhere; rotation goes on.
    hero.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'touch' }))
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS)
    expect(activeSlide()).toBe(2)
  })

  it('puts its rotation control first in the tab order', () => {
    carousel()
    const focusable = [...document.querySelectorAll('.hero button, .hero a')].filter(
      (element) => !element.closest('[inert]'),
    )
    expect(focusable[0]?.getAttribute('aria-label')).toBe(CAROUSEL_TEXTS.pause)
  })

  it('does not start by itself under reduced motion, and stops when the visitor asks for it', () => {
    const changes: Array<(query: { matches: boolean }) => void> = []
    const query = (matches: boolean) =>
      ({
        matches,
        addEventListener: (_: string, listener: (typeof changes)[number]) => changes.push(listener),
      }) as unknown as MediaQueryList
    const matchMedia = vi.spyOn(window, 'matchMedia').mockReturnValue(query(true))
    carousel()
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3)
    expect(activeSlide()).toBe(0)
    expect(button(CAROUSEL_TEXTS.resume)).not.toBeNull()
    matchMedia.mockReturnValue(query(false))
    carousel()
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS)
    expect(activeSlide()).toBe(1)
    for (const listener of changes) listener({ matches: true })
    expect(button(CAROUSEL_TEXTS.resume)).not.toBeNull()
    vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 3)
    expect(activeSlide()).toBe(1)
    matchMedia.mockRestore()
  })
})

describe('mobile menu', () => {
  it('the button takes over the <details>: aria-expanded, closed by a chosen link and by Escape (focus back)', () => {
    serve(createElement(MobileMenu, { links: headerLinks, current: () => undefined }))
    const before = shape(document.body)
    const button = document.querySelector<HTMLButtonElement>('button.mobile-menu__button')!
    const details = document.querySelector('details')!
    expect(button.hidden).toBe(true)
    startMenu(document)
    expect(shape(document.body)).toBe(before)
    expect(button.hidden).toBe(false)
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(button.getAttribute('aria-controls')).toBe('menu-movil')
    button.click()
    expect(details.open).toBe(true)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    document
      .querySelector<HTMLAnchorElement>('#menu-movil a')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true }))
    expect(details.open).toBe(false)
    expect(button.getAttribute('aria-expanded')).toBe('false')
    button.click()
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    expect(details.open).toBe(false)
    expect(document.activeElement).toBe(button)
  })
})

describe('toast', () => {
  const toast = (extra: Partial<ToastData>): ToastData => ({
    id: 't',
    tipo: 'exito',
    titulo: '¡Solicitud enviada!',
    texto: 'Nos pondremos en contacto contigo lo antes posible.',
    ...extra,
  })
  const closed = () => document.querySelector<HTMLInputElement>('.toast__toggle')!.checked

  it('a success toast hides after 6 s; one with a link, and an error, stay until closed', () => {
    for (const [shown, hides] of [
      [toast({}), true],
      [toast({ enlace: { texto: 'Sigue tu solicitud', to: '/seguimiento/x' } }), false],
      [toast({ tipo: 'error', titulo: 'Error' }), false],
    ] as const) {
      serve(createElement(Toast, { toast: shown }))
      startToasts(document)
      startToasts(document) // once per toast, however often it is asked
      vi.advanceTimersByTime(TOAST_AUTO_HIDE_MS - 1)
      expect(closed()).toBe(false)
      vi.advanceTimersByTime(1)
      expect(closed()).toBe(hides)
    }
  })

  it('waits while the pointer is over it or focus is in it, and counts 6 s afresh once they leave', () => {
    serve(createElement(Toast, { toast: toast({}) }))
    startToasts(document)
    const region = document.querySelector<HTMLElement>('[data-toast]')!
    vi.advanceTimersByTime(TOAST_AUTO_HIDE_MS - 100)
    region.dispatchEvent(new PointerEvent('pointerenter'))
    region.dispatchEvent(new FocusEvent('focusin'))
    vi.advanceTimersByTime(TOAST_AUTO_HIDE_MS * 2)
    expect(closed()).toBe(false)
    region.dispatchEvent(new PointerEvent('pointerleave'))
    vi.advanceTimersByTime(TOAST_AUTO_HIDE_MS * 2)
    expect(closed()).toBe(false)
    region.dispatchEvent(new FocusEvent('focusout'))
    vi.advanceTimersByTime(TOAST_AUTO_HIDE_MS - 1)
    expect(closed()).toBe(false)
    vi.advanceTimersByTime(1)
    expect(closed()).toBe(true)
  })
})

describe('a form posted as a document', () => {
  it('focuses the first field the server marked invalid (a group: its first control), and says it is sending', () => {
    document.body.innerHTML = `<form data-document-form>
      <fieldset aria-invalid="true"><input type="radio" name="tipo" value="a"></fieldset>
      <input name="email" aria-invalid="true">
      <button type="submit" data-sending-label="Buscando...">Ver mi solicitud</button></form>`
    const form = document.querySelector('form')!
    focusFirstInvalid(form)
    expect(document.activeElement?.getAttribute('name')).toBe('tipo')
    document.querySelector('fieldset')!.removeAttribute('aria-invalid')
    enhanceDocumentForm(form)
    expect(document.activeElement?.getAttribute('name')).toBe('email')
    const submit = () => {
      const event = new Event('submit', { cancelable: true })
      form.dispatchEvent(event)
      return event.defaultPrevented
    }
    expect(submit()).toBe(false)
    const button = form.querySelector('button')!
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect(button.textContent).toBe('Buscando...')
    // A second submit while the first is on its way is not sent.
    expect(submit()).toBe(true)
    // No answer in 15 s (the load was stopped): the button is usable again.
    vi.advanceTimersByTime(SENDING_TIMEOUT_MS)
    expect(button.hasAttribute('aria-disabled')).toBe(false)
    expect(button.textContent).toBe('Ver mi solicitud')
    expect(submit()).toBe(false)
  })
})

describe('tooltips', () => {
  it('open after 700 ms of hover, at once on the next within 300 ms, and close on Escape', () => {
    document.body.innerHTML = ['Uno', 'Dos']
      .map((text) => `<span data-tooltip><button>${text}</button><span role="tooltip" hidden>${text}</span></span>`)
      .join('')
    let now = 0
    enhanceTooltips(document, { now: () => now })
    const [first, second] = [...document.querySelectorAll<HTMLElement>('[data-tooltip]')]
    const bubble = (wrapper: HTMLElement | undefined) => wrapper?.querySelector<HTMLElement>('[role="tooltip"]')
    const hover = (wrapper: HTMLElement | undefined, type: 'pointerenter' | 'pointerleave') =>
      wrapper?.dispatchEvent(new PointerEvent(type, { pointerType: 'mouse' }))
    hover(first, 'pointerenter')
    vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1)
    expect(bubble(first)?.hidden).toBe(true)
    vi.advanceTimersByTime(1)
    expect(bubble(first)?.hidden).toBe(false)
    now = 1000
    hover(first, 'pointerleave')
    now = 1000 + TOOLTIP_SKIP_DELAY_MS - 1
    hover(second, 'pointerenter')
    expect(bubble(second)?.hidden).toBe(false)
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    expect(bubble(second)?.hidden).toBe(true)
  })
})

describe('consent', () => {
  const ID = 'G-PRUEBA123'
  const banner = () => document.querySelector<HTMLElement>(`[${CONSENT_BANNER.root}]`)!
  const tag = () => document.querySelectorAll('script[src^="https://www.googletagmanager.com/gtag/js"]')
  const cookie = (name: string) => new RegExp(`(?:^|; )${name}=([^;]*)`).exec(document.cookie)?.[1] ?? null

  let posted: string[] = []
  beforeEach(() => {
    posted = []
    vi.spyOn(window, 'fetch').mockImplementation((url, init) => {
      posted.push(`${String(url)} ${String(init?.body)}`)
      return Promise.resolve(new Response(null, { status: 303 }))
    })
    localStorage.clear()
    for (const name of ['cookie-consent', '_ga', '_ga_ABC']) document.cookie = `${name}=; Path=/; Max-Age=0`
    document.head.innerHTML = ''
    delete window.dataLayer
    document.body.innerHTML = `<section data-consent-banner ${CONSENT_BANNER.analyticsId}="${ID}" tabindex="-1">
      <form method="post" action="/consentimiento">
        <button type="submit" name="decision" value="rejected">Rechazar</button>
        <button type="submit" name="decision" value="accepted">Aceptar</button>
      </form></section>
      <a href="/cookies" ${CONSENT_OPEN_ATTRIBUTE}>Configurar cookies</a>`
  })

  const choose = (value: 'accepted' | 'rejected') =>
    document.querySelector<HTMLButtonElement>(`button[value="${value}"]`)!.click()

  it('a choice kept only in localStorage counts: the cookie is written back and the tag loads', () => {
    localStorage.setItem('cookie-consent', 'accepted')
    enhanceConsent(document, banner())
    expect(banner().hidden).toBe(true)
    expect(cookie('cookie-consent')).toBe('accepted')
    expect(tag()).toHaveLength(1)
    expect(tag()[0]?.getAttribute('src')).toBe(`https://www.googletagmanager.com/gtag/js?id=${ID}`)
    // Stored without a date (by hand, or before dates were kept): its 12 months start now.
    expect(localStorage.getItem('cookie-consent-date')).toBe(new Date().toISOString())
  })

  describe('asked again after 12 months (docs/decisions/120)', () => {
    const DAY = 86_400_000
    /** The same page loaded again: the banner as the server sends it without the cookie, no tag yet. */
    const reload = () => {
      document.head.innerHTML = ''
      delete window.dataLayer
      banner().hidden = cookie('cookie-consent') !== null
      return enhanceConsent(document, banner())
    }
    const later = (days: number) => vi.setSystemTime(Date.now() + days * DAY)

    it('a choice made here is dated; the cookie holds it 365 days, then the banner asks again and both stores forget it', () => {
      enhanceConsent(document, banner())
      choose('accepted')
      expect(localStorage.getItem('cookie-consent-date')).toBe(new Date().toISOString())
      later(364)
      expect(reload().choice()).toBe('accepted')
      expect(banner().hidden).toBe(true)
      later(2)
      // The browser has dropped the cookie at its Max-Age; localStorage's copy is past its 12 months.
      expect(cookie('cookie-consent')).toBeNull()
      expect(reload().choice()).toBeNull()
      expect(banner().hidden).toBe(false)
      expect(tag()).toHaveLength(0)
      expect(localStorage.getItem('cookie-consent')).toBeNull()
      expect(localStorage.getItem('cookie-consent-date')).toBeNull()
    })

    it('within the 12 months a lost cookie comes back from localStorage for the months left, never more', () => {
      enhanceConsent(document, banner())
      choose('rejected')
      later(200)
      document.cookie = 'cookie-consent=; Path=/; Max-Age=0'
      later(0.001)
      expect(reload().choice()).toBe('rejected')
      expect(cookie('cookie-consent')).toBe('rejected')
      later(164)
      expect(reload().choice()).toBe('rejected')
      later(2)
      expect(cookie('cookie-consent')).toBeNull()
      expect(reload().choice()).toBeNull()
      expect(banner().hidden).toBe(false)
    })

    it('a choice made without JavaScript (the cookie alone) lasts as the cookie: its date is not known here', () => {
      document.cookie = 'cookie-consent=accepted; Path=/; Max-Age=31536000'
      expect(reload().choice()).toBe('accepted')
      expect(localStorage.getItem('cookie-consent')).toBe('accepted')
      expect(localStorage.getItem('cookie-consent-date')).toBe('cookie')
      // Its cookie cleared by hand: localStorage's copy cannot tell how old the choice is, so the banner asks.
      later(30)
      document.cookie = 'cookie-consent=; Path=/; Max-Age=0'
      later(0.001)
      expect(reload().choice()).toBeNull()
      expect(banner().hidden).toBe(false)
      expect(localStorage.getItem('cookie-consent')).toBeNull()
    })
  })

  it('"Aceptar" stores the choice in both places and loads the tag with consent mode; nothing before', () => {
    const consent = enhanceConsent(document, banner())
    expect(banner().hidden).toBe(false)
    expect(tag()).toHaveLength(0)
    choose('accepted')
    expect(consent.choice()).toBe('accepted')
    expect(banner().hidden).toBe(true)
    expect(localStorage.getItem('cookie-consent')).toBe('accepted')
    expect(cookie('cookie-consent')).toBe('accepted')
    expect(tag()).toHaveLength(1)
    const layer = JSON.stringify(window.dataLayer)
    expect(layer).toContain('"analytics_storage":"denied"')
    expect(layer).toContain('"analytics_storage":"granted"')
  })

  it("'Configurar cookies' shows the banner again; rejecting then denies the tag at once and deletes Google's cookies", () => {
    enhanceConsent(document, banner())
    choose('accepted')
    document.cookie = '_ga=GA1.1.1; Path=/'
    document.cookie = '_ga_ABC=GS1.1.1; Path=/'
    document.querySelector<HTMLAnchorElement>(`[${CONSENT_OPEN_ATTRIBUTE}]`)!.click()
    expect(banner().hidden).toBe(false)
    expect(document.activeElement).toBe(banner())
    choose('rejected')
    expect(banner().hidden).toBe(true)
    expect(cookie('cookie-consent')).toBe('rejected')
    expect(localStorage.getItem('cookie-consent')).toBe('rejected')
    expect(JSON.stringify(window.dataLayer?.at(-1))).toContain('"analytics_storage":"denied"')
    expect(posted).toEqual([
      `${location.origin}/consentimiento decision=accepted`,
      `${location.origin}/consentimiento decision=rejected`,
    ])
    // A cookie given Max-Age=0 expires at once (the test clock stands still, so it moves on by a moment).
    vi.advanceTimersByTime(1000)
    expect(cookie('_ga')).toBeNull()
    expect(cookie('_ga_ABC')).toBeNull()
    // Accepted again on the same page: the tag already there is granted analytics storage again.
    document.querySelector<HTMLAnchorElement>(`[${CONSENT_OPEN_ATTRIBUTE}]`)!.click()
    choose('accepted')
    expect(tag()).toHaveLength(1)
    expect(JSON.stringify(window.dataLayer?.at(-1))).toContain('"analytics_storage":"granted"')
  })

  it("the banner opened again closes on Escape, the choice unchanged, and focus goes back to 'Configurar cookies'", () => {
    const consent = enhanceConsent(document, banner())
    choose('rejected')
    const opener = document.querySelector<HTMLAnchorElement>(`[${CONSENT_OPEN_ATTRIBUTE}]`)!
    opener.click()
    expect(banner().hidden).toBe(false)
    banner().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    expect(banner().hidden).toBe(true)
    expect(consent.choice()).toBe('rejected')
    expect(document.activeElement).toBe(opener)
    opener.click()
    choose('rejected')
    expect(document.activeElement).toBe(opener)
  })

  it('accepting on a page served as rejected loads the page again (its policy lets no Google host in)', () => {
    document.cookie = 'cookie-consent=rejected; Path=/'
    const assign = vi.fn()
    const location = { ...window.location, href: window.location.href, assign }
    vi.spyOn(window, 'location', 'get').mockReturnValue(location as unknown as Location)
    enhanceConsent(document, banner())
    document.querySelector<HTMLAnchorElement>(`[${CONSENT_OPEN_ATTRIBUTE}]`)!.click()
    choose('accepted')
    expect(cookie('cookie-consent')).toBe('accepted')
    expect(assign).toHaveBeenCalledWith(window.location.href.split('#')[0])
    expect(tag()).toHaveLength(0)
  })

  it('never loads the page again over a form the visitor is filling in, and never jumps to a #fragment instead', () => {
    document.cookie = 'cookie-consent=rejected; Path=/'
    const assign = vi.fn()
    const location = { ...window.location, href: 'http://localhost:8787/cookies#configurar', assign }
    vi.spyOn(window, 'location', 'get').mockReturnValue(location as unknown as Location)
    document.body.insertAdjacentHTML('beforeend', '<form><input name="email" value=""></form>')
    enhanceConsent(document, banner())
    const opener = document.querySelector<HTMLAnchorElement>(`[${CONSENT_OPEN_ATTRIBUTE}]`)!
    document.querySelector<HTMLInputElement>('input[name="email"]')!.value = 'yo@correo.es'
    opener.click()
    choose('accepted')
    expect(assign).not.toHaveBeenCalled()
    expect(cookie('cookie-consent')).toBe('accepted')
    document.querySelector<HTMLInputElement>('input[name="email"]')!.value = ''
    opener.click()
    choose('accepted')
    expect(assign).toHaveBeenCalledWith('http://localhost:8787/cookies')
  })

  it('rejecting loads nothing; without a tag id accepting loads nothing either', () => {
    enhanceConsent(document, banner())
    choose('rejected')
    expect(tag()).toHaveLength(0)
    // A new page (new elements) whose banner has no tag id.
    document.body.innerHTML = document.body.innerHTML.replace(ID, '')
    localStorage.clear()
    document.cookie = 'cookie-consent=; Path=/; Max-Age=0'
    vi.advanceTimersByTime(1000)
    enhanceConsent(document, banner())
    choose('accepted')
    expect(tag()).toHaveLength(0)
  })
})

describe('back to top', () => {
  const link = () => document.querySelector<HTMLAnchorElement>(`[${BACK_TO_TOP.root}]`)!

  it('is a link to the main content in the footer; with JavaScript it floats once the page is scrolled down', () => {
    serve(
      createElement(SiteFooter, {
        shopName: 'Taller',
        copyrightYear: 2024,
        contact: undefined,
        privacy: undefined,
        navigation: undefined,
      }),
    )
    document.body.insertAdjacentHTML('afterbegin', '<main id="contenido" tabindex="-1"></main>')
    expect(link().getAttribute('href')).toBe('#contenido')
    expect(link().textContent).toContain('Volver arriba')
    const before = shape(document.body)
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(0)
      return 1
    })
    startBackToTop(document)
    expect(shape(document.body)).toBe(before)
    expect(link().hasAttribute(BACK_TO_TOP.floating)).toBe(true)
    expect(link().hasAttribute(BACK_TO_TOP.shown)).toBe(false)
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(window.innerHeight * 2)
    window.dispatchEvent(new Event('scroll'))
    expect(link().hasAttribute(BACK_TO_TOP.shown)).toBe(true)
    link().click()
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }))
    expect(document.activeElement?.id).toBe('contenido')
    expect(location.hash).toBe('')
  })
})
