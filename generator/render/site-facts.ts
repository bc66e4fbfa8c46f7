/** The facts about the site that templates word on its cookie and privacy pages (contract/privacy.ts). */
import { CONSENT_KEY } from '../../client/shared/consent-markup.ts';
import type { SiteDefinition, SiteFacts } from '../contract/index.ts';

export function siteFacts(site: SiteDefinition, absolute: (route: string) => string): SiteFacts {
  const embeds = Object.entries(site.embeds ?? {}).map(([name, embed]) => ({ name, ...embed }));
  return {
    origin: new URL(absolute('/')).origin,
    storage: site.storage ?? [],
    consentKey: CONSENT_KEY,
    embeds,
  };
}
