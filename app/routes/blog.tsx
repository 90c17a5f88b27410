import { json, type MetaFunction } from '@remix-run/cloudflare'
import { useLoaderData } from '@remix-run/react'

import { catalogo } from '~/catalogo/consultas'
import { PageHero } from '~/components/page-hero'
import { PostCard } from '~/components/post-card'
import { longDate } from '~/lib/dates'
import { pageMeta } from '~/lib/meta'

export async function loader() {
  return json({
    posts: catalogo.posts.map((post) => ({ ...post, fechaLegible: longDate(post.fecha) })),
  })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: 'Blog de reparación de mandos y consolas',
    description:
      'Consejos sobre drift, botones, gatillos, batería, Bluetooth y limpieza de mandos de PlayStation, Xbox y Nintendo, desde nuestro taller de Vitoria-Gasteiz.',
  })

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
              <PostCard key={post.slug} {...post} priority={index === 0} />
            ))}
          </div>
        </div>
      </section>
    </>
  )
}
