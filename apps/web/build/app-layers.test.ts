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

// Nine pages: the kit is what three of them import.
const pages = 'abcdefghi'.split('').map((letter) => `/src/${letter}.page.tsx`);
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
  '/src/a.page.tsx': { imports: ['/src/heading.tsx', '/src/menu.tsx', '/src/timeline.tsx'] },
  '/src/b.page.tsx': { imports: ['/src/heading.tsx', '/src/timeline.tsx'] },
  '/src/c.page.tsx': { imports: ['/src/heading.tsx'] },
  '/src/d.page.tsx': { imports: ['/src/address-rules.ts'] },
  '/src/heading.tsx': { imports: ['/src/page-frame.tsx'] },
  '/src/page-frame.tsx': {},
  '/src/timeline.tsx': {},
  '/src/address-rules.ts': { imports: ['/node_modules/libphonenumber-js/max.js'] },
});
const layerOf = appLayers({ entry: '/src/main.tsx', boot: '/src/boot.tsx', app: '/src/app.tsx', pages });

describe("the app's chunks by layer (decision 164)", () => {
  it('groups what boot imports, then what the shell imports besides', () => {
    expect(layerOf('/src/http.ts', graph)).toBe('boot-shared');
    expect(layerOf('/src/menu.tsx', graph)).toBe('app-shared');
  });

  it('groups what a third of the pages import, and what that imports, as the page kit', () => {
    expect(layerOf('/src/heading.tsx', graph)).toBe('page-kit');
    expect(layerOf('/src/page-frame.tsx', graph)).toBe('page-kit');
  });

  it('leaves what fewer pages share, the layers’ own modules and the libraries to the bundler', () => {
    expect(layerOf('/src/timeline.tsx', graph)).toBeNull();
    expect(layerOf('/src/address-rules.ts', graph)).toBeNull();
    for (const own of ['/src/boot.tsx', '/src/app.tsx', ...pages]) expect(layerOf(own, graph)).toBeNull();
    expect(layerOf('/node_modules/zod/index.js', graph)).toBeNull();
    expect(layerOf('/node_modules/libphonenumber-js/max.js', graph)).toBeNull();
  });

  it('leaves what the entry imports, at once or before boot, in the entry, though boot imports it too', () => {
    expect(layerOf('/src/run-in-turns.ts', graph)).toBeNull();
    expect(layerOf('/src/zod-settings.ts', graph)).toBeNull();
  });
});
