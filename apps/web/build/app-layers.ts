/**
 * Which chunk a module of the app goes into (decision 164). Left to itself the bundler splits the
 * app's own modules by the set of places that import them: some forty files of one or two kB that a
 * page loads, and over HTTP/1.1 each costs the phone a round trip on one of six connections. The app
 * loads in layers, each after the one before (decision 162): the entry, boot, the app's shell, the
 * page. A module the shell imports is there before any page runs, so one chunk per layer loses nothing:
 * 'boot-shared' holds what boot imports, 'app-shared' what the shell imports besides, and 'page-kit'
 * what a third of the pages import and the shell does not (headings, load states, dialogs, form parts).
 *
 * Left where the bundler puts them: what the entry imports, at once or before boot (it runs before
 * any library, and a group would pull its libraries in with it); the layers' own modules (boot, app,
 * each page: the router and the page list address them); libraries (their own groups); and what fewer
 * pages share, which is more often a whole feature's (the timeline, the address rules) than a part.
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
  assign([boot, app, ...pages], null);
  assign(staticClosure(graph, boot), 'boot-shared');
  assign(staticClosure(graph, app), 'app-shared');
  const importedBy = new Map<string, number>();
  for (const page of pages) {
    for (const id of staticClosure(graph, page)) importedBy.set(id, (importedBy.get(id) ?? 0) + 1);
  }
  const kitShare = Math.ceil(pages.length / 3);
  assign(
    [...importedBy].filter(([, count]) => count >= kitShare).map(([id]) => id),
    'page-kit',
  );
  return layer;
}

/**
 * The `name` of the bundler's group for the app's own modules: a module's layer chunk, or null to
 * leave it to the bundler. The layers are worked out once, from the first call's graph.
 */
export function appLayers(modules: AppModules): (id: string, graph: ModuleGraph) => string | null {
  let layers: Map<string, string | null> | undefined;
  return (id, graph) => {
    if (/[\\/]node_modules[\\/]/.test(id)) return null;
    layers ??= layersOf(graph, modules);
    return layers.get(id) ?? null;
  };
}
