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
import { calendarDayInWords } from '~shared/dates'
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
    post: { ...post, fechaLegible: calendarDayInWords(post.fecha) },
    article: {
      html: articulo.html,
      resumen: articulo.resumen,
      palabras: articulo.palabras,
      minutosDeLectura: articulo.minutosDeLectura,
      actualizado: articulo.actualizado,
      actualizadoLegible: calendarDayInWords(articulo.actualizado),
    },
    // Links of the summary box, named from the catalogue: "Cambio de joystick (drift) · DualSense (PS5)".
    pages: articulo.enlaces.map((link) => {
      const page = paginaDelCatalogo(link) ?? notFound(request)
      const label =
        page.tipo === 'servicio'
          ? `${page.servicio.nombre} · ${page.modelo.nombre}`
          : `Reparación de mando ${page.modelo.nombre}`
      return { label, to: link }
    }),
    related: articulo.relacionados.map((slug) => {
      const related = postDelBlog(slug) ?? notFound(request)
      return { ...related, fechaLegible: calendarDayInWords(related.fecha) }
    }),
    quoteHref: quoteLink(articulo.presupuesto),
    model: modelo ?? null,
    claims: catalogo.sellosPorLugar.todos,
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
  pageMetaOr404(args, ({ post, article, blogPosting }) => ({
    title: post.titulo,
    description: post.extracto,
    article: { publishedTime: post.fecha, modifiedTime: article.actualizado },
    jsonLd: () => [blogPosting],
  }))

export default function Article() {
  const { breadcrumbs, post, article, pages, related, quoteHref, model, claims, whatsapp } =
    useLoaderData<typeof loader>()
  return (
    <>
      <article className="article">
        <PageHero
          breadcrumbs={breadcrumbs}
          eyebrow="Blog del taller"
          title={post.titulo}
          lead={post.extracto}
          media={<Illustration className="page-hero__media" image={post.imagen} priority />}
        >
          <ArticleMeta
            published={post.fecha}
            publishedText={post.fechaLegible}
            updated={article.actualizado}
            updatedText={article.actualizadoLegible}
            readingMinutes={article.minutosDeLectura}
          />
        </PageHero>
        <div className="container article__content">
          <ArticleSummary points={article.resumen} pages={pages} />
          <ArticleBody html={article.html} />
        </div>
      </article>
      <CtaBanner
        title={`Presupuesto gratis para tu ${model ?? 'mando'}`}
        text="Cuéntanos qué le ocurre y te respondemos en menos de 24 horas laborables con un presupuesto gratis y sin compromiso."
        claims={claims}
        whatsapp={whatsapp}
        quoteHref={quoteHref}
      />
      <section className="section section--alt" aria-labelledby="relacionados-titulo">
        <div className="container">
          <h2 id="relacionados-titulo" className="section__title">
            Sigue leyendo
          </h2>
          <div className="grid grid--3">
            {related.map((post) => (
              <PostCard key={post.slug} post={post} headingLevel={3} />
            ))}
          </div>
        </div>
      </section>
    </>
  )
}
