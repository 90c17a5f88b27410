import { json, type LinksFunction, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'

import { catalogo } from '~/catalogo/consultas'
import { PageHero } from '~/components/page-hero'
import { PostCard } from '~/components/post-card'
import { calendarDayInWords } from '~shared/dates'
import { blogFeedLinks, pageMetaOr404 } from '~/lib/meta'

export const links: LinksFunction = blogFeedLinks

export async function loader() {
  return json({
    blog: catalogo.blog,
    posts: catalogo.posts.map((post) => ({ ...post, fechaLegible: calendarDayInWords(post.fecha) })),
  })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMetaOr404(args, ({ blog }) => ({ title: blog.titulo, description: blog.descripcion }))

export default function Blog() {
  const { posts } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHero
        eyebrow="Blog"
        title="Blog del taller"
        lead="Guías y consejos para cuidar tus mandos y consolas, y para saber cuándo conviene repararlos."
      />
      <section className="section" aria-label="Artículos">
        <div className="container">
          <div className="grid grid--3">
            {posts.map((post, index) => (
              <PostCard key={post.slug} post={post} priority={index === 0} />
            ))}
          </div>
        </div>
      </section>
    </>
  )
}
