/**
 * Which chunk a module of the app goes into (decisions 164 and 166). Left to itself the bundler splits
 * the app's own modules by the set of pages that import them: dozens of files of a few hundred bytes,
 * and over HTTP/1.1 each costs the phone a round trip on one of six connections while it takes a share
 * of the bandwidth the app's larger files need. The app loads in layers, each after the one before
 * (decision 162): the entry, boot, the app's shell, the page. So:
 * - 'boot' holds boot and what it imports; 'app' the shell and what it imports besides, and what a third
 *   of the pages import (headings, load states, dialogs, form parts): every page runs them.
 * - What two pages or more share goes into a chunk per set of feature folders whose pages import it
 *   ('albums-photos', 'orders-overview'): a page loads one or two such files, not one per combination
 *   of pages. A module that would bring a library the layers do not load (the address form's phone
 *   metadata) is left out of these, so a page that does not use it does not load it.
 *
 * Left where the bundler puts them: what the entry imports, at once or before boot (it runs before any
 * library, and a group would pull its libraries in with it); each page's own module (the router
 * addresses it) and what only that page imports; and libraries (their own groups).
 */
import path from 'node:path';
import { routePages } from '../src/app/route-pages.ts';

/** The module graph as the bundler answers it while it splits the chunks. */
export interface ModuleGraph {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

export interface AppModules {
  entry: string;
  boot: string;
  app: string;
  pages: readonly string[];
}

/** This app's layers' modules below its `src` folder. */
export function appModules(srcDir: string): AppModules {
  return {
    entry: path.join(srcDir, 'main.tsx'),
    boot: path.join(srcDir, 'app/boot.tsx'),
    app: path.join(srcDir, 'app/app.tsx'),
    pages: Object.values(routePages).map(({ module }) => path.join(srcDir, `features/${module}.tsx`)),
  };
}

const isLibrary = (id: string) => /[\\/]node_modules[\\/]/.test(id);

/** The module and every module it imports statically, transitively: what runs when it runs. */
function staticClosure(graph: ModuleGraph, root: string): Set<string> {
  const found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id)) return;
    found.add(id);
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  visit(root);
  return found;
}

function layersOf(graph: ModuleGraph, { entry, boot, app, pages }: AppModules): Map<string, string | null> {
  const layer = new Map<string, string | null>();
  const assign = (ids: Iterable<string>, name: string | null) => {
    for (const id of ids) if (!layer.has(id)) layer.set(id, name);
  };
  assign(staticClosure(graph, entry), null);
  for (const imported of graph.getModuleInfo(entry)?.dynamicallyImportedIds ?? []) {
    if (imported !== boot) assign(staticClosure(graph, imported), null);
  }
  assign(pages, null);
  assign(staticClosure(graph, boot), 'boot');
  assign(staticClosure(graph, app), 'app');
  const importers = new Map<string, string[]>();
  for (const page of pages) {
    for (const id of staticClosure(graph, page)) {
      const by = importers.get(id);
      if (by) by.push(page);
      else importers.set(id, [page]);
    }
  }
  const kitShare = Math.ceil(pages.length / 3);
  assign(
    [...importers].filter(([, by]) => by.length >= kitShare).map(([id]) => id),
    'app',
  );
  // The entry's, boot's and the shell's closures hold every library the layers load.
  const layersLoad = new Set(layer.keys());
  const bringsLibrary = (id: string) =>
    [...staticClosure(graph, id)].some((dep) => isLibrary(dep) && !layersLoad.has(dep));
  for (const [id, by] of importers) {
    if (by.length < 2 || layersLoad.has(id) || isLibrary(id) || bringsLibrary(id)) continue;
    const folders = new Set(by.map((page) => path.basename(path.dirname(page))));
    layer.set(id, [...folders].sort().join('-'));
  }
  return layer;
}

/**
 * The `name` of the bundler's group for the app's own modules: a module's layer chunk, or null to
 * leave it to the bundler. The layers are worked out once, from the first call's graph.
 */
export function appLayers(modules: AppModules): (id: string, graph: ModuleGraph) => string | null {
  let layers: Map<string, string | null> | undefined;
  return (id, graph) => {
    if (isLibrary(id)) return null;
    layers ??= layersOf(graph, modules);
    return layers.get(id) ?? null;
  };
}
