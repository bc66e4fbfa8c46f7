import type { ValidatedPage } from './pages.ts';

type RouteEntry =
  | { kind: 'page'; page: ValidatedPage }
  | { kind: 'redirect'; to: string }
  /** A file the site makes from its data (a feed): linkable, written as it is. */
  | { kind: 'file' };

/** Every URL the site answers, from one source each. */
export type RouteTable = Map<string, RouteEntry>;
