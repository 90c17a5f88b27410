import type { AppLoadContext, EntryContext } from '@remix-run/cloudflare'

import { EnhancementScripts } from '~/components/enhancement-scripts'
import type { ScriptPlan } from '~/components/page-scripts'
import { hydrates } from '~/lib/hydration'
import { UNAVAILABLE_PATH } from '~/lib/layout'
import { isPrivatePath } from '~/lib/tracking/paths'

/**
 * Which scripts the page being rendered writes (see ScriptPlan): none at a private tracking address or on the
 * 503 page of a site missing a setting; React, with this response's nonce, where a matched route's handle
 * asks to hydrate; else the behaviour modules its components ask for.
 */
export function scriptPlan(context: EntryContext, { csp }: AppLoadContext): ScriptPlan {
  const { matches, location } = context.staticHandlerContext
  if (isPrivatePath(location.pathname) || location.pathname === UNAVAILABLE_PATH) return { kind: 'none' }
  if (!hydrates(matches.map((match) => context.routeModules[match.route.id]?.handle)))
    return { kind: 'enhance', modules: <EnhancementScripts /> }
  // Only a page that hydrates writes the nonce; every other page's HTML holds nothing of this one response,
  // so the edge cache can keep it (docs/decisions/098).
  csp.used = true
  return { kind: 'hydrate', nonce: csp.nonce, loader: hydrationScript(context) }
}

/**
 * The one inline script a page that React hydrates writes in place of Remix's <Scripts> (docs/decisions/115):
 * Remix's hand-off data (`window.__remixContext`), then a loader that fetches the page's JavaScript only
 * once the browser has painted the page's first content. Remix's own <Scripts> lists every module as a
 * <link rel="modulepreload"> and imports them in an inline module script, so ~100 KB of React and Remix
 * (gzip) is on the wire beside the stylesheet before the first paint, which on a slow link waits for it.
 *
 * What the loader does is what Remix's module script does, later: preload the entry's and the matched
 * routes' modules (so no chunk waits for the module that imports it), import Remix's manifest and the route
 * modules into `window.__remixRouteModules`, then import the entry, which hydrates. Until then the page is
 * the server's HTML, whose forms work without JavaScript (a post before hydration is a plain post).
 *
 * Remix's classic compiler without lazy route discovery or HMR (remix.config.js, `remix watch`): the whole
 * route manifest is the module at `manifest.url`.
 */
export function hydrationScript(context: EntryContext): string {
  const { manifest, serverHandoffString, staticHandlerContext } = context
  const routes = staticHandlerContext.matches.map((match) => {
    const route = manifest.routes[match.route.id]
    if (!route) throw new Error(`La ruta ${match.route.id} no está en el manifiesto de Remix`)
    return { id: route.id, module: route.module, imports: route.imports ?? [] }
  })
  const preloads = [
    manifest.url,
    manifest.entry.module,
    ...manifest.entry.imports,
    ...routes.flatMap((route) => [...route.imports, route.module]),
  ].filter((url, index, all) => all.indexOf(url) === index)
  const args = [preloads, manifest.url, routes.map((route) => [route.id, route.module]), manifest.entry.module]
  // Remix escapes its hand-off for an inline script; the build's paths are escaped the same way.
  return `window.__remixContext = ${serverHandoffString ?? '{}'};(${loadAfterFirstPaint})(${args.map(scriptJson).join(',')})`
}

const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')

/**
 * Runs in the browser as the text of the inline script above (its source is written into the page, so it
 * uses nothing but its arguments and the browser's globals). It starts the page's JavaScript once the first
 * contentful paint is reported, which the browser does only after that paint has reached the screen; where
 * paint timing is missing, after the next frame. A page that is not being looked at (loaded in a background
 * tab, or hidden before it paints) has no paint to protect: it loads at once.
 */
function loadAfterFirstPaint(
  preloads: string[],
  manifest: string,
  routes: Array<[id: string, module: string]>,
  entry: string,
) {
  let started = false
  const load = () => {
    if (started) return
    started = true
    const links = document.createDocumentFragment()
    for (const href of preloads) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.href = href
      links.appendChild(link)
    }
    document.head.appendChild(links)
    Promise.all([import(manifest), ...routes.map(([, module]) => import(module))])
      .then(([, ...routeModules]) => {
        Object.assign(window, {
          __remixRouteModules: Object.fromEntries(routes.map(([id], index) => [id, routeModules[index]])),
        })
        return import(entry)
      })
      .catch((error: unknown) => console.error(error))
  }
  if (document.visibilityState !== 'visible') return load()
  document.addEventListener('visibilitychange', load, { once: true })
  if (window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return
      observer.disconnect()
      load()
    }).observe({ type: 'paint', buffered: true })
  } else requestAnimationFrame(() => setTimeout(load))
}
