/**
 * The admin's configuration (Decap CMS's config.yml), made from the site definition and its
 * content at every build: a collection for each data file, one for the pages (each page file
 * with the fields of its template, its Markdown body as the last field) and one for each folder
 * collection (a news post), whose entries a volunteer can create. The fields come from the
 * JSON Schemas editors already get (cms-fields.ts).
 */
import type { AdminSettings, SiteDefinition } from '../contract/index.ts';
import { jsonSchemaOf, pageJsonSchema } from '../schema/json-schemas.ts';
import { type AdminWords, adminWords } from './admin-words.ts';
import { type CmsField, cmsFields, type MediaFolders } from './cms-fields.ts';

/** A page file the admin lists: its file (relative to the project root), route, template, title and validated front matter. */
export interface AdminPage {
  source: string;
  route: string;
  template: string;
  title: string;
  data: unknown;
}

interface AdminContent {
  /** The content folder, relative to the project root, with `/`. */
  contentFolder: string;
  pages: readonly AdminPage[];
  /** The collections' validated data, by name. */
  data: Record<string, unknown>;
  /** The site's origin, for the admin's link back to it. */
  origin: string;
  /** The repository when the site's settings name none (`$GITHUB_REPOSITORY`). */
  repository?: string;
}

/** Decap's name of a language's interface, from the site's `lang`. */
const LOCALES: Record<string, string> = { nb: 'nb_no', no: 'nb_no', nn: 'nn_no' };

/**
 * The body field of a Markdown file. On a site with a documents folder its one button beyond
 * the text's own is the document (client/admin/admin.js: its uploads go to the collection's
 * media folder, the documents folder) and a photo comes through a field of its own (a post's
 * picture, uploaded to the images folder); on a site without, it is a photo in the text.
 */
const bodyField = (words: AdminWords, media: MediaFolders): CmsField => ({
  name: 'body',
  label: words.body,
  widget: 'markdown',
  required: false,
  hint: words.bodyHint,
  editor_components: media.documents ? ['document'] : ['image'],
});

/**
 * Where a collection of Markdown files uploads what has no field of its own: Decap gives a
 * button inside the text (the document) only its collection's folder, never its own field's.
 */
const uploadsOf = (media: MediaFolders) =>
  media.documents ? { media_folder: `/${media.documents.folder}`, public_folder: media.documents.public } : {};

export function cmsConfig(site: SiteDefinition, content: AdminContent): Record<string, unknown> {
  const settings: AdminSettings = site.admin || {};
  const folder = content.contentFolder;
  const media: MediaFolders = { images: { folder: `${folder}/images`, public: 'images' } };
  if (site.documents) media.documents = { folder: `${folder}/${site.documents.folder}`, public: site.documents.folder };
  const backend: Record<string, unknown> = {
    name: 'github',
    repo: settings.repo ?? content.repository ?? '',
    branch: settings.branch ?? 'main',
  };
  if (settings.auth) {
    backend.base_url = settings.auth.url;
    backend.auth_endpoint = settings.auth.endpoint ?? 'auth';
  }
  const locale = settings.locale ?? LOCALES[site.lang.split('-')[0] ?? ''] ?? 'en';
  const words = adminWords(locale);
  return {
    backend,
    locale,
    site_url: content.origin,
    display_url: content.origin,
    media_folder: media.images.folder,
    public_folder: media.images.public,
    // File names of new entries and uploads: a-z, digits and -, as the site's addresses are.
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    collections: [
      ...folderCollections(site, folder, media, words),
      ...pageCollections(site, content, media, words),
      ...fileCollections(site, content, media),
    ],
  };
}

function folderCollections(
  site: SiteDefinition,
  folder: string,
  media: MediaFolders,
  words: AdminWords,
): Record<string, unknown>[] {
  return Object.entries(site.collections).flatMap(([name, collection]) => {
    if (!('files' in collection)) return [];
    const glob = collection.files;
    const [under = ''] = glob.split(/\/?\*/, 1);
    const fields = cmsFields(jsonSchemaOf(collection.schema), { media });
    const title = fields.find((field) => field.name === 'title') ? '{{title}}' : undefined;
    return [
      {
        name,
        label: collection.label ?? name,
        folder: under ? `${folder}/${under}` : folder,
        extension: glob.slice(glob.lastIndexOf('.') + 1),
        format: 'frontmatter',
        create: true,
        slug: collection.newName ?? '{{slug}}',
        ...uploadsOf(media),
        ...(title ? { summary: title, identifier_field: 'title' } : {}),
        sortable_fields: fields.some((field) => field.name === 'date') ? ['date', 'title'] : undefined,
        fields: [...fields, bodyField(words, media)],
      },
    ];
  });
}

/** One collection for the page files, each with its template's fields (and its body when it is Markdown). */
function pageCollections(
  site: SiteDefinition,
  content: AdminContent,
  media: MediaFolders,
  words: AdminWords,
): Record<string, unknown>[] {
  const pages = [...content.pages].sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0));
  if (pages.length === 0) return [];
  const files = pages.map((page) => {
    const fields = cmsFields(pageJsonSchema(site, page.template), { media, data: page.data });
    return {
      name: page.route === '/' ? 'index' : page.route.slice(1).replace(/[^a-zA-Z0-9]+/g, '-'),
      label: `${page.title} (${page.route})`,
      file: page.source,
      fields: page.source.endsWith('.md') ? [...fields, bodyField(words, media)] : fields,
    };
  });
  return [{ name: 'pages', label: words.pages, label_singular: words.page, ...uploadsOf(media), files }];
}

function fileCollections(site: SiteDefinition, content: AdminContent, media: MediaFolders): Record<string, unknown>[] {
  return Object.entries(site.collections).flatMap(([name, collection]) => {
    if (!('file' in collection)) return [];
    const label = collection.label ?? name;
    const fields = cmsFields(jsonSchemaOf(collection.schema), { media, data: content.data[name] });
    const file = { name, label, file: `${content.contentFolder}/${collection.file}`, fields };
    return [{ name, label, files: [file] }];
  });
}
