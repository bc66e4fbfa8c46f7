import type { SiteSettings } from '../schemas/site-settings.ts';

interface PartnerGridProps {
  title: string;
  partners: SiteSettings['partners'];
  asset: (file: string) => string;
}

/** The partners' images, each a link to their site in a new tab; the image's alt text names them. */
export function PartnerGrid({ title, partners, asset }: PartnerGridProps) {
  return (
    <section className="partners" aria-labelledby="partnere-tittel">
      <h2 id="partnere-tittel">{title}</h2>
      <ul className="partners__grid">
        {partners.map((partner) => (
          <li key={partner.href}>
            <a className="partners__link" href={partner.href} target="_blank" rel="noopener noreferrer">
              <img
                src={asset(partner.img)}
                alt={partner.alt}
                width="360"
                height="160"
                loading="lazy"
                decoding="async"
              />
              <span className="visually-hidden"> (åpnes i ny fane)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
