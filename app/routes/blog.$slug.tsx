import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'

import { articuloDelBlog, catalogo, paginaDelCatalogo, postDelBlog } from '~/catalogo/consultas'
import { ArticleBody } from '~/components/article-body'
import { ArticleMeta } from '~/components/article-meta'
import { ArticleSummary } from '~/components/article-summary'
import { CtaBanner } from '~/components/cta-banner'
import { Illustration } from '~/components/illustration'
import { PageHero } from '~/components/page-hero'
import { PostCard } from '~/components/post-card'
import { breadcrumbsFor } from '~/lib/breadcrumbs.server'
import { longDate } from '~/lib/dates'
import { getSettings } from '~/lib/env.server'
import { notFound } from '~/lib/http.server'
import { blogFeedLinks, pageMetaOr404 } from '~/lib/meta'
import { quoteLink } from '~/lib/quote/options'
import { blogPosting } from '~/lib/structured-data'
import { whatsappLink, whatsappMessages } from '~/lib/whatsapp'

export const links: LinksFunction = blogFeedLinks

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { post, articulo } = articuloDelBlog(params.slug) ?? notFound(request)
  const settings = getSettings(request, context.cloudflare.env)
  const { modelo, servicio } = articulo.presupuesto
  return json({
    breadcrumbs: breadcrumbsFor(new URL(request.url).pathname),
    // Built here rather than in meta: the browser's code never needs it (the pages' shared chunk stays as it was).
    blogPosting: blogPosting(
      { siteUrl: settings.SITE_URL, nombre: catalogo.tienda.nombre },
      { ...post, actualizado: articulo.actualizado, palabras: articulo.palabras },
    ),
    post: { ...post, fechaLegible: longDate(post.fecha) },
    articulo: {
      html: articulo.html,
      resumen: articulo.resumen,
      palabras: articulo.palabras,
      minutosDeLectura: articulo.minutosDeLectura,
      actualizado: articulo.actualizado,
      actualizadoLegible: longDate(articulo.actualizado),
    },
    // Links of the summary box, named from the catalogue: "Cambio de joystick (drift) · DualSense (PS5)".
    paginas: articulo.enlaces.map((link) => {
      const pagina = paginaDelCatalogo(link) ?? notFound(request)
      const label = pagina.tipo === 'servicio' ? `${pagina.servicio.nombre} · ${pagina.modelo.nombre}` : `Reparación de mando ${pagina.modelo.nombre}`
      return { label, to: link }
    }),
    relacionados: articulo.relacionados.map((slug) => {
      const relacionado = postDelBlog(slug) ?? notFound(request)
      return { ...relacionado, fechaLegible: longDate(relacionado.fecha) }
    }),
    presupuesto: quoteLink(articulo.presupuesto),
    modelo: modelo ?? null,
    sellos: catalogo.sellosPorLugar.todos,
    whatsapp: whatsappLink(
      settings.SHOP_PHONE,
      modelo && servicio
        ? whatsappMessages.servicio(servicio, modelo)
        : modelo
          ? whatsappMessages.modelo(modelo)
          : whatsappMessages.presupuesto,
    ),
  })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMetaOr404(args, ({ post, articulo, blogPosting }) => ({
    title: post.titulo,
    description: post.extracto,
    article: { publishedTime: post.fecha, modifiedTime: articulo.actualizado },
    jsonLd: () => [blogPosting],
  }))

export default function Articulo() {
  const { breadcrumbs, post, articulo, paginas, relacionados, presupuesto, modelo, sellos, whatsapp } = useLoaderData<typeof loader>()
  return (
    <>
      <article className="article">
        <PageHero
          breadcrumbs={breadcrumbs}
          eyebrow="Blog del taller"
          title={post.titulo}
          lead={post.extracto}
          media={<Illustration className="page-hero__media" imagen={post.imagen} priority />}
        >
          <ArticleMeta
            fecha={post.fecha}
            fechaLegible={post.fechaLegible}
            actualizado={articulo.actualizado}
            actualizadoLegible={articulo.actualizadoLegible}
            minutosDeLectura={articulo.minutosDeLectura}
          />
        </PageHero>
        <div className="container article__content">
          <ArticleSummary resumen={articulo.resumen} paginas={paginas} />
          <ArticleBody html={articulo.html} />
        </div>
      </article>
      <CtaBanner
        title={`Presupuesto gratis para tu ${modelo ?? 'mando'}`}
        text="Cuéntanos qué le ocurre y te respondemos en menos de 24 horas laborables con un presupuesto gratis y sin compromiso."
        sellos={sellos}
        whatsapp={whatsapp}
        presupuesto={presupuesto}
      />
      <section className="section section--alt" aria-labelledby="relacionados-titulo">
        <div className="container">
          <h2 id="relacionados-titulo" className="section__title">
            Sigue leyendo
          </h2>
          <div className="grid grid--3">
            {relacionados.map((relacionado) => (
              <PostCard key={relacionado.slug} {...relacionado} headingLevel={3} />
            ))}
          </div>
        </div>
      </section>
    </>
  )
}
