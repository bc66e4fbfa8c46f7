// The admin's own additions to Decap CMS (loaded after its bundle, on /admin/ only; plain
// JavaScript, copied as it is: generator/admin/admin-files.ts). The page hands it the site's
// stylesheets (meta preview-style) and, in data-settings, the documents folder and its words.
//
// - The preview pane is styled with the site's own stylesheet.
// - The Markdown editor gets a button for a document (a PDF, uploaded to the documents folder
//   that the body field names, linked as `[text](files/name.pdf)`: what the build publishes).
(() => {
  const { CMS } = window;
  const settings = JSON.parse(document.currentScript?.dataset.settings ?? '{}');
  for (const meta of document.querySelectorAll('meta[name="preview-style"]')) CMS.registerPreviewStyle(meta.content);
  const documents = settings.documents;
  if (!documents) return;
  const words = settings.words;
  const escapeHtml = (text) => String(text ?? '').replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
  CMS.registerEditorComponent({
    id: 'document',
    label: words.document,
    fields: [
      { name: 'text', label: words.documentText, widget: 'string' },
      {
        name: 'file',
        label: words.documentFile,
        widget: 'file',
        choose_url: false,
      },
    ],
    pattern: new RegExp(`^\\[([^\\]]*)\\]\\((${documents.public}/[^)\\s]+)\\)$`),
    fromBlock: (match) => ({ text: match[1], file: match[2] }),
    toBlock: ({ text, file }) => `[${text || file}](${file})`,
    toPreview: ({ text, file }) => `<a href="${escapeHtml(file)}">${escapeHtml(text || file)}</a>`,
  });
})();
