/**
 * The few words of the admin that are the generator's own, not the site's (the page's title,
 * the body field, the pages collection, the document button), in the admin's language.
 */
export interface AdminWords {
  title: string;
  body: string;
  bodyHint: string;
  pages: string;
  page: string;
  document: string;
  documentFile: string;
  documentText: string;
}

const WORDS: Record<string, AdminWords> = {
  en: {
    title: 'Edit the website',
    body: 'Text',
    bodyHint: 'The text of the page, in Markdown: headings with ##, lists with -, links with [text](/address)',
    pages: 'Pages',
    page: 'Page',
    document: 'Document (PDF)',
    documentFile: 'File',
    documentText: 'Link text',
  },
  nb_no: {
    title: 'Rediger nettsiden',
    body: 'Tekst',
    bodyHint: 'Teksten på siden, i Markdown: overskrifter med ##, lister med -, lenker med [tekst](/adresse)',
    pages: 'Sider',
    page: 'Side',
    document: 'Dokument (PDF)',
    documentFile: 'Fil',
    documentText: 'Lenketekst',
  },
  nn_no: {
    title: 'Rediger nettstaden',
    body: 'Tekst',
    bodyHint: 'Teksten på sida, i Markdown: overskrifter med ##, lister med -, lenkjer med [tekst](/adresse)',
    pages: 'Sider',
    page: 'Side',
    document: 'Dokument (PDF)',
    documentFile: 'Fil',
    documentText: 'Lenkjetekst',
  },
};

export const adminWords = (locale: string): AdminWords => WORDS[locale] ?? (WORDS.en as AdminWords);
