import { describe, expect, it } from 'vitest';
import { appLayers, type ModuleGraph } from './app-layers';

/** A module graph from a list of each module's static and dynamic imports. */
function graphOf(modules: Record<string, { imports?: string[]; dynamic?: string[] }>): ModuleGraph {
  return {
    getModuleInfo: (id) =>
      modules[id]
        ? { importedIds: modules[id].imports ?? [], dynamicallyImportedIds: modules[id].dynamic ?? [] }
        : null,
  };
}

// Nine pages in feature folders: the kit is what three of them import.
const pages = [
  '/src/features/photos/a.page.tsx',
  '/src/features/photos/b.page.tsx',
  '/src/features/albums/c.page.tsx',
  '/src/features/settings/d.page.tsx',
  '/src/features/settings/e.page.tsx',
  ...'fghi'.split('').map((letter) => `/src/features/other/${letter}.page.tsx`),
];
const [a, b, c, d, e] = pages as [string, string, string, string, string];
const graph = graphOf({
  '/src/main.tsx': {
    imports: ['/src/run-in-turns.ts'],
    dynamic: ['/node_modules/react-dom/client.js', '/src/zod-settings.ts', '/src/boot.tsx'],
  },
  '/src/run-in-turns.ts': {},
  '/src/zod-settings.ts': { imports: ['/node_modules/zod/index.js'] },
  '/src/boot.tsx': {
    imports: ['/src/http.ts', '/src/run-in-turns.ts', '/node_modules/react-dom/client.js'],
    dynamic: ['/node_modules/react-router/index.js', '/src/app.tsx'],
  },
  '/src/http.ts': { imports: ['/node_modules/zod/index.js'] },
  '/src/app.tsx': {
    imports: ['/src/http.ts', '/src/menu.tsx', '/node_modules/react-router/index.js'],
    dynamic: pages,
  },
  '/src/menu.tsx': {},
  [a]: {
    imports: ['/src/heading.tsx', '/src/menu.tsx', '/src/timeline.tsx', '/src/sort.ts', '/src/only-a.ts'],
  },
  [b]: { imports: ['/src/heading.tsx', '/src/sort.ts'] },
  [c]: { imports: ['/src/heading.tsx', '/src/timeline.tsx'] },
  [d]: { imports: ['/src/address-form.tsx'] },
  [e]: { imports: ['/src/address-form.tsx'] },
  '/src/heading.tsx': { imports: ['/src/page-frame.tsx'] },
  '/src/page-frame.tsx': {},
  '/src/timeline.tsx': {},
  '/src/sort.ts': {},
  '/src/only-a.ts': {},
  '/src/address-form.tsx': { imports: ['/src/phone.ts'] },
  '/src/phone.ts': { imports: ['/node_modules/libphonenumber-js/max.js'] },
});
const layerOf = appLayers({ entry: '/src/main.tsx', boot: '/src/boot.tsx', app: '/src/app.tsx', pages });

describe("the app's chunks by layer (decisions 164 and 166)", () => {
  it('groups boot with what it imports, and the shell with what it imports besides', () => {
    expect(layerOf('/src/boot.tsx', graph)).toBe('boot');
    expect(layerOf('/src/http.ts', graph)).toBe('boot');
    expect(layerOf('/src/app.tsx', graph)).toBe('app');
    expect(layerOf('/src/menu.tsx', graph)).toBe('app');
  });

  it('puts what a third of the pages import, and what that imports, with the shell', () => {
    expect(layerOf('/src/heading.tsx', graph)).toBe('app');
    expect(layerOf('/src/page-frame.tsx', graph)).toBe('app');
  });

  it('groups what fewer pages share by the feature folders of the pages that import it', () => {
    expect(layerOf('/src/timeline.tsx', graph)).toBe('albums-photos');
    expect(layerOf('/src/sort.ts', graph)).toBe('photos');
  });

  it('leaves out a shared module that would bring a library the layers do not load', () => {
    expect(layerOf('/src/address-form.tsx', graph)).toBeNull();
    expect(layerOf('/src/phone.ts', graph)).toBeNull();
  });

  it('leaves the pages, what one page imports and the libraries to the bundler', () => {
    for (const page of pages) expect(layerOf(page, graph)).toBeNull();
    expect(layerOf('/src/only-a.ts', graph)).toBeNull();
    expect(layerOf('/node_modules/zod/index.js', graph)).toBeNull();
    expect(layerOf('/node_modules/libphonenumber-js/max.js', graph)).toBeNull();
  });

  it('leaves what the entry imports, at once or before boot, in the entry, though boot imports it too', () => {
    expect(layerOf('/src/run-in-turns.ts', graph)).toBeNull();
    expect(layerOf('/src/zod-settings.ts', graph)).toBeNull();
  });
});
