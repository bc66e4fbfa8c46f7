/**
 * What is made from the stream of rendered pages, each in a file of its own. A new one (a
 * pages.json, a search engine's ping list) is a PageConsumerMaker added here: the build hands
 * it every rendered page, first pass and second, and writes its files at the end (see
 * CONTRIBUTING.md, «Add something made from every page»).
 */
import type { PageConsumerMaker } from '../model/pipeline.ts';
import { headers } from './headers.ts';
import { sitemap } from './sitemap.ts';

export const PAGE_CONSUMERS: readonly PageConsumerMaker[] = [headers, sitemap];
