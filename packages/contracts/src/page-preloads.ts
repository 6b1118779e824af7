import { z } from 'zod/mini';

/** The file the web app's build writes beside `index.html` (decision 161). */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/**
 * What a page of the web app loads after its entry script, by route: the app's shell (for every
 * page) and each route's page chunk with what it imports, as `/assets/...`
 * addresses. The server names them in the page it sends, so the browser fetches them all at once
 * instead of one import after another.
 */
export const PagePreloadsSchema = z.object({
  shell: z.array(z.string()),
  routes: z.array(
    z.object({
      /** The route table's path: below the site root, `:name` for a segment, `''` for the overview. */
      path: z.string(),
      files: z.array(z.string()),
    }),
  ),
});
export type PagePreloads = z.infer<typeof PagePreloadsSchema>;
