/** Where each Worker answers: the site's Custom Domains, the function's, and the site's service binding. */
import { FUNCTION_PATHS } from '~shared/function-paths'

import { bareDomainOf, zoneOf } from '~/lib/bare-domain'

import { callsByBinding, customDomain, FUNCTION, routesOf, SITE, type WorkerConfig } from '../production'
import { type Target, BOTH, hostOf, type Findings } from './findings'

/**
 * The Custom Domains: the site's is SITE_URL's host; the function is reached
 * at a Custom Domain (a fetch from a Worker to a Route of its own zone goes
 * to the origin, not to the Worker; docs/decisions/080), which QUOTE_FUNCTION_URL names.
 */
export function checkAddresses(found: Findings, target: Target, site: WorkerConfig, fn: WorkerConfig) {
  const siteHost = hostOf(site.vars?.SITE_URL)
  const zone = siteHost ? zoneOf(siteHost) : undefined
  if (target !== 'function') {
    found.check(SITE.label, 'dominios de la web: el de SITE_URL y el dominio sin www, que redirige a él', () => {
      const routes = routesOf(site)
      const domains = routes
        .filter((route) => route.customDomain && route.pattern !== '')
        .map((route) => route.pattern.toLowerCase())
      const bare = siteHost ? bareDomainOf(siteHost) : 'tudominio.es'
      if (domains.length === 0) {
        found.problem(
          SITE.label,
          `la web no tiene dominio: escribe el host de SITE_URL (p. ej. www.tudominio.es) y el dominio sin www (tudominio.es) en routes = [{ pattern = "…", custom_domain = true }, …] de [env.production] en ${SITE.config}.`,
        )
        return
      }
      if (siteHost && !domains.includes(siteHost)) {
        found.problem(
          SITE.label,
          `SITE_URL (${siteHost}) no es un Custom Domain de la web (${domains.join(', ')}): haz que coincidan en ${SITE.config}.`,
        )
      }
      if (siteHost && !domains.includes(bare)) {
        found.problem(
          SITE.label,
          `${bare} no es un Custom Domain de la web: quien lo escriba no llegaría a la tienda. Añade { pattern = "${bare}", custom_domain = true } a routes de [env.production] en ${SITE.config} (redirige con 301 a SITE_URL).`,
        )
      }
      if (routes.some((route) => route.pattern.trim() === ''))
        found.problem(
          SITE.label,
          `routes de [env.production] en ${SITE.config} tiene un dominio vacío: escríbelo o quítalo.`,
        )
    })
  }
  found.check(FUNCTION.label, 'dirección de la función: un Custom Domain, no una Route', () => {
    const routes = routesOf(fn)
    const domain = customDomain(fn)?.toLowerCase()
    if (!domain) {
      found.problem(
        FUNCTION.label,
        `la función no tiene dirección: escribe un subdominio de la tienda (p. ej. presupuestos.tudominio.es) en routes = [{ pattern = "…", custom_domain = true }] de [env.production] en ${FUNCTION.config}.`,
      )
    }
    for (const route of routes.filter((candidate) => !candidate.customDomain)) {
      found.problem(
        FUNCTION.label,
        `la función tiene una Route (${route.pattern}): la web no puede llamar a una Route de su propia zona. Cámbiala por un Custom Domain (custom_domain = true) en ${FUNCTION.config}.`,
      )
    }
    const quoteUrl = site.vars?.QUOTE_FUNCTION_URL
    const quoteHost = hostOf(quoteUrl)
    // Through the service binding the site needs no address (checkServiceBinding).
    if (!quoteHost) return
    if (zone && zoneOf(quoteHost) === zone && quoteHost !== domain) {
      found.problem(
        BOTH,
        `QUOTE_FUNCTION_URL (${quoteHost}) está en la zona de la web (${zone}) pero no es el Custom Domain de la función${domain ? ` (${domain})` : ''}: una Route de la misma zona no es alcanzable desde la web. Usa https://${domain ?? '<dominio de la función>'}${FUNCTION_PATHS.quote}.`,
      )
    } else if (domain && quoteHost !== domain) {
      found.problem(
        BOTH,
        `QUOTE_FUNCTION_URL (${quoteHost}) no es la dirección de la función que se despliega (${domain}): la web enviaría los presupuestos a otro sitio. Usa https://${domain}${FUNCTION_PATHS.quote}.`,
      )
    } else if (quoteHost === domain && new URL(String(quoteUrl).trim()).pathname !== FUNCTION_PATHS.quote) {
      found.problem(
        BOTH,
        `QUOTE_FUNCTION_URL debe ser https://${domain}${FUNCTION_PATHS.quote}: corrígelo en ${SITE.config}.`,
      )
    }
  })
}

/**
 * The site's service binding to the function (docs/decisions/110): production's names the function's
 * production Worker and its SiteApi entrypoint; without it, QUOTE_FUNCTION_URL must name the function.
 */
export function checkServiceBinding(found: Findings, site: WorkerConfig, fn: WorkerConfig) {
  const binding = (site.services ?? []).find((service) => service.binding === 'QUOTE_FUNCTION')
  if (!binding) return
  found.check(BOTH, `service binding QUOTE_FUNCTION: ${binding.service}#${binding.entrypoint ?? 'default'}`, () => {
    if (binding.service !== fn.name || binding.entrypoint !== 'SiteApi') {
      found.problem(
        BOTH,
        `el service binding QUOTE_FUNCTION de [env.production] en ${SITE.config} apunta a ${binding.service}#${binding.entrypoint ?? 'default'}: debe ser service = "${fn.name}", entrypoint = "SiteApi" (la función que se despliega).`,
      )
    }
  })
  if (!callsByBinding(site))
    found.note(
      BOTH,
      `QUOTE_FUNCTION_URL está escrito: la web llama a la función por esa dirección, con QUOTE_FUNCTION_KEY, y no por el service binding; la función no se fía entonces de la cabecera con la IP del visitante (quien tuviera la clave podría elegirla) y cuenta a cada visitante por la IP que le da Cloudflare, que respeta la X-Real-IP que pone la web solo entre Workers de la misma zona: con la función en otra zona, todos los visitantes de la web contarían como uno en sus límites (docs/decisions/126). Para usar el binding, déjalo vacío en ${SITE.config}.`,
    )
}
