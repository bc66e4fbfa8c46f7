import { SocialSection } from '../site/blocks/social-section.tsx';
import type { PageProps } from '../site/data.ts';
import { InstagramIsland } from './instagram-island.tsx';

/** /sosiale-medier: the social-media section as a page of its own, with the page's text under the heading. */
export function SocialTemplate({ page, data, href }: PageProps) {
  return (
    <article className="social-page">
      <SocialSection
        social={data.site.social}
        level={1}
        instagramFeed={<InstagramIsland widget={data.site.social.instagramWidget} cookiesPage={href('/cookies')} />}
      >
        {page.html ? (
          <div className="prose social-page__intro" dangerouslySetInnerHTML={{ __html: page.html }} />
        ) : null}
      </SocialSection>
    </article>
  );
}
