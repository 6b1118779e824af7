import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '@photo/contracts/page-preloads';
import { routePages } from '../src/app/route-pages.ts';
import { appRoutes } from '../src/app/route-table.ts';

const srcDir = path.resolve(import.meta.dirname, '../src');

/** A chunk and every chunk it imports statically, transitively: what loads when it loads. */
function withStaticImports(bundle: Rollup.OutputBundle, start: Rollup.OutputChunk): Rollup.OutputChunk[] {
  const found = new Map<string, Rollup.OutputChunk>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (found.has(chunk.fileName)) return;
    found.set(chunk.fileName, chunk);
    for (const imported of chunk.imports) {
      const next = bundle[imported];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(start);
  return [...found.values()];
}

/**
 * The chunks' scripts as the page addresses them, without those already loaded. Styles are not among
 * them: the app has one style sheet, which the page links itself (decision 162).
 */
function filesOf(chunks: Rollup.OutputChunk[], loaded: Set<string>): string[] {
  const files = chunks.map((chunk) => chunk.fileName);
  return [...new Set(files)].filter((file) => !loaded.has(file)).map((file) => `/${file}`);
}

/**
 * Writes `page-preloads.json` (decision 161): for the app's shell and for every route of the route
 * table, the chunks that load after the entry script, so the server can name them in the page.
 * A route whose page has no chunk fails the build: the list would silently go stale.
 */
export function pagePreloads(): Plugin {
  return {
    name: 'photo:page-preloads',
    apply: 'build',
    // After Vite's own: it drops the chunks that hold only styles, whose style sheets their importers carry.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byModule = (file: string) => {
        const chunk = chunks.find((item) => item.moduleIds.includes(path.join(srcDir, file)));
        if (!chunk) this.error(`no chunk for src/${file}`);
        return chunk;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('no entry chunk');
      // What the entry and boot import in turns must not run with them (decision 162): a chunk that
      // imports one of them statically, as a grouping of modules can make it (decision 164), fails.
      for (const start of [entry, byModule('app/boot.tsx')]) {
        const early = withStaticImports(bundle, start).map((chunk) => chunk.fileName);
        const pulledIn = start.dynamicImports.filter((file) => early.includes(file));
        if (pulledIn.length > 0) {
          this.error(`${start.fileName} imports ${pulledIn.join(', ')} at once, not in its turn`);
        }
      }
      const inPage = new Set(
        filesOf(withStaticImports(bundle, entry), new Set()).map((file) => file.slice(1)),
      );
      // What the entry and boot import, a module per task (decision 162), and the app: every page runs them.
      const shellChunks = [...entry.dynamicImports, ...byModule('app/boot.tsx').dynamicImports]
        .map((file) => bundle[file])
        .filter((chunk) => chunk?.type === 'chunk')
        .flatMap((chunk) => withStaticImports(bundle, chunk));
      const shell = filesOf(shellChunks, inPage);
      const loaded = new Set([...inPage, ...shell.map((file) => file.slice(1))]);
      const preloads: PagePreloads = {
        shell,
        routes: appRoutes.map((route) => ({
          path: route.path,
          files: filesOf(
            withStaticImports(bundle, byModule(`features/${routePages[route.id].module}.tsx`)),
            loaded,
          ),
        })),
      };
      const missing = [...preloads.shell, ...preloads.routes.flatMap((route) => route.files)].filter(
        (file) => !(file.slice(1) in bundle),
      );
      if (missing.length > 0) this.error(`listed but not written: ${missing.join(', ')}`);
      this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}
