/**
 * /cookies and /personvern: the club's own text (the page's Markdown), then what the site
 * itself declares (its scripts' storage keys, its embeds, its address: `facts`, from the
 * generator), worded here, so the pages say what the site does and cannot drift from it.
 */
import { Island } from 'clubsite/island';
import type { PageProps } from '../site/data.ts';
import { islands } from './islands.ts';

type Facts = PageProps['facts'];

/** The consent key's own line, worded for visitors. */
const consentRow = (facts: Facts) => ({
  key: facts.consentKey,
  holds:
    'Hvilke tjenester fra andre du har sagt ja til å vise (for eksempel «instagram»), når du har krysset av for «Husk valget».',
  lasts:
    'Til du trekker samtykket tilbake under «Dine valg» på denne siden, eller sletter nettstedsdata i nettleseren.',
});

function StorageTable({ facts }: { facts: Facts }) {
  const rows = [...facts.storage, ...(facts.embeds.length > 0 ? [consentRow(facts)] : [])];
  return (
    <div className="privacy__table">
      <table>
        <caption>Det nettsiden lagrer i nettleseren din (localStorage)</caption>
        <thead>
          <tr>
            <th scope="col">Nøkkel</th>
            <th scope="col">Hva den inneholder</th>
            <th scope="col">Hvor lenge</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <td>
                <code>{row.key}</code>
              </td>
              <td>{row.holds}</td>
              <td>{row.lasts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EmbedList({ facts }: { facts: Facts }) {
  return (
    <ul className="privacy__embeds">
      {facts.embeds.map((embed) => (
        <li key={embed.name} data-embed={embed.name}>
          <h3>{embed.title}</h3>
          <p>Levert av {embed.provider}.</p>
          <p>{embed.stores}</p>
          <p>
            Adresser nettleseren din kontakter når du sier ja:{' '}
            {embed.hosts.map((host, index) => (
              <span key={host}>
                {index > 0 ? ', ' : ''}
                <code>{host}</code>
              </span>
            ))}
            .
          </p>
          <p>
            <a href={embed.privacyPolicy} target="_blank" rel="noopener noreferrer">
              Personvernerklæringen til {embed.provider.split(' (')[0]}
            </a>
          </p>
        </li>
      ))}
    </ul>
  );
}

/** /cookies: what is stored, which third parties a visitor can choose, and the choices to withdraw. */
export function CookiesTemplate({ page, facts }: PageProps) {
  return (
    <article className="article privacy">
      <h1>{page.title}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      <section aria-labelledby="lagret">
        <h2 id="lagret">Det nettsiden selv lagrer</h2>
        <p>
          Nettsiden på {new URL(facts.origin).host} setter ingen informasjonskapsler og bruker ingen analyse- eller
          reklameverktøy. Det eneste den lagrer, ligger i nettleseren din og sendes ikke til oss:
        </p>
        <StorageTable facts={facts} />
      </section>
      <section aria-labelledby="andre">
        <h2 id="andre">Innhold fra andre, bare når du sier ja</h2>
        <p>
          Noen sider kan vise innhold fra andre tjenester. Det hentes først når du trykker på knappen i feltet der
          innholdet skal stå. Før det sendes ingenting til disse tjenestene.
        </p>
        <EmbedList facts={facts} />
      </section>
      <section aria-labelledby="valg">
        <h2 id="valg">Dine valg</h2>
        <Island
          island={islands['consent-panel']}
          props={{ embeds: facts.embeds.map(({ name, title }) => ({ name, title })) }}
          when="idle"
        />
      </section>
    </article>
  );
}

/** /personvern: the club's own text, then what a visit to the site itself involves. */
export function PrivacyTemplate({ page, facts, href }: PageProps) {
  return (
    <article className="article privacy">
      <h1>{page.title}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      <section aria-labelledby="besok">
        <h2 id="besok">Når du besøker nettsiden</h2>
        <p>
          Nettsiden {facts.origin} er laget av statiske filer og ligger hos GitHub Pages (GitHub, Inc.). Som alle
          nettverter får GitHub IP-adressen din og hvilken side du ber om når du åpner en side, og bruker det til å
          levere og sikre tjenesten. Klubben får ingen slike opplysninger og fører ingen statistikk over besøkende.
        </p>
        <p>
          I nettleseren din lagrer siden bare {facts.storage.map((row) => `«${row.key}»`).join(', ')}
          {facts.embeds.length > 0 ? ` og «${facts.consentKey}»` : ''}. Se{' '}
          <a href={href('/cookies')}>informasjonskapsler</a> for hva de inneholder og hvordan du trekker et samtykke
          tilbake.
        </p>
        {facts.embeds.map((embed) => (
          <p key={embed.name}>
            {embed.title} fra {embed.provider} vises bare hvis du ber om det. {embed.stores}
          </p>
        ))}
      </section>
    </article>
  );
}
