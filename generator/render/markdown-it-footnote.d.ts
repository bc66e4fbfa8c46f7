// markdown-it-footnote ships no types, and @types/markdown-it-footnote types it against
// markdown-it's CommonJS types, which md.use() of the ES module does not accept.
declare module 'markdown-it-footnote' {
  import type { PluginSimple } from 'markdown-it';
  const footnote: PluginSimple;
  export default footnote;
}
