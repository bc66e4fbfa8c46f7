import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { SocialSection } from '../../site/blocks/social-section.tsx';
import { siteSettingsSchema, type SiteSettings } from '../../site/schemas/site-settings.ts';

const social: SiteSettings['social'] = siteSettingsSchema.shape.social.parse({
  title: 'Følg oss på sosiale medier',
  instagramWidget: { script: 'https://feed.example/platform.js', className: 'feed-app-1' },
  cards: [
    {
      network: 'instagram',
      title: 'Instagram',
      href: 'https://www.instagram.com/klubben/',
      button: 'Åpne i Instagram',
    },
    {
      network: 'tiktok',
      title: 'TikTok',
      href: '',
      button: 'Åpne TikTok-profil',
      text: 'TikTok-feed publiseres når kontoen er offentlig',
      closed: true,
    },
    {
      network: 'facebook',
      title: 'Facebook',
      button: 'Åpne Facebook',
      text: 'Facebook-feed vises her når kontoen er offentlig.',
      closed: true,
    },
  ],
});

function cards(html: string): string[] {
  return html.split('<article').slice(1);
}

describe('the social-media section', () => {
  const html = renderToStaticMarkup(
    <SocialSection social={social} level={2} instagramFeed={<div className="feed-slot" />} />,
  );

  test('has its heading and one card per network, each titled one level below', () => {
    expect(html).toContain('<h2 id="sosiale-medier-tittel">Følg oss på sosiale medier</h2>');
    expect(cards(html)).toHaveLength(3);
    expect(
      html.match(/<h3 class="social-card__title">([^<]*)<\/h3>/g)?.map((heading) => heading.replace(/<[^>]+>/g, '')),
    ).toEqual(['Instagram', 'TikTok', 'Facebook']);
  });

  test('a card with a link has a button opening it in a new tab, safely', () => {
    const [instagram = ''] = cards(html);
    expect(instagram).toContain(
      '<a class="button" href="https://www.instagram.com/klubben/" target="_blank" rel="noopener noreferrer">Åpne i Instagram<span class="visually-hidden"> (åpnes i ny fane)</span></a>',
    );
    expect(instagram).not.toContain('Lenke kommer snart');
  });

  test('a card with no link says «Lenke kommer snart» instead of a button', () => {
    const [, tiktok = '', facebook = ''] = cards(html);
    for (const card of [tiktok, facebook]) {
      expect(card).toContain('Lenke kommer snart');
      expect(card).not.toContain('<a ');
    }
  });

  test('only the Instagram card holds the feed; closed groups say so, with their text', () => {
    const [instagram = '', tiktok = '', facebook = ''] = cards(html);
    expect(instagram).toContain('feed-slot');
    expect(tiktok + facebook).not.toContain('feed-slot');
    expect(instagram).not.toContain('Lukket gruppe');
    expect(tiktok).toContain('Lukket gruppe – innlogging/medlemskap kreves');
    expect(tiktok).toContain('TikTok-feed publiseres når kontoen er offentlig');
    expect(facebook).toContain('Lukket gruppe – innlogging/medlemskap kreves');
    expect(facebook).toContain('Facebook-feed vises her når kontoen er offentlig.');
  });

  test('as a page of its own the heading is the h1 and the cards are h2', () => {
    const page = renderToStaticMarkup(<SocialSection social={social} level={1} />);
    expect(page).toContain('<h1 id="sosiale-medier-tittel">');
    expect(page.match(/<h2 class="social-card__title">/g)).toHaveLength(3);
  });
});
