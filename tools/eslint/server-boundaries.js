/**
 * Keeps the server's imports one way. The top folders of `source` are its features (platform too);
 * the files at the top of it (app.ts, config.ts, server.ts) belong to none. Only production code
 * counts: test files (`*.test.ts`) and the `testing` folder are neither checked nor part of the graph.
 *
 * - Two-way ties: a feature may import another only if that one imports nothing of it back, type
 *   imports included. Reported at every import of either side, naming a file of the other.
 * - File cycles: an import whose file leads back, through static imports, to the importing file.
 * - The demo and operator folder (`demo`): no production file imports it, except `starter` (server.ts),
 *   with `import()`, so that only a demo start loads it.
 *
 * The rule reads the other files from disk (kept per file by modification time) and the linted file
 * from its syntax tree. Relative imports only: packages are not this rule's business.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const extensions = ['.ts', '.tsx', '.js', '.mjs'];
const isTestFile = (file) => /\.test\.[cm]?[jt]sx?$/.test(file);
const inside = (file, folder) => file === folder || file.startsWith(`${folder}${path.sep}`);

/** The file a relative import names, or undefined when it is no file of ours (a package, a missing one). */
function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, ...extensions.map((extension) => `${base}${extension}`)];
  candidates.push(...extensions.map((extension) => path.join(base, `index${extension}`)));
  return candidates.find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile());
}

/** The specifiers of a file's static imports and re-exports (`import()` is left out). */
function staticImportsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements
    .filter((statement) => ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))
    .map((statement) => statement.moduleSpecifier)
    .filter((specifier) => specifier && ts.isStringLiteral(specifier))
    .map((specifier) => specifier.text);
}

const parsed = new Map();

/** Every production file of the folder with the files it imports statically. */
function importGraph(folder, testing) {
  const graph = new Map();
  const visit = (directory) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const file = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        if (file !== testing && entry.name !== 'node_modules') visit(file);
      } else if (extensions.includes(path.extname(file)) && !file.endsWith('.d.ts') && !isTestFile(file)) {
        const { mtimeMs } = statSync(file);
        let known = parsed.get(file);
        if (known?.mtimeMs !== mtimeMs) {
          const imports = staticImportsOf(file)
            .map((specifier) => resolveImport(file, specifier))
            .filter(Boolean);
          known = { mtimeMs, imports };
          parsed.set(file, known);
        }
        graph.set(file, known.imports);
      }
    }
  };
  visit(folder);
  return graph;
}

/** A chain of static imports from `start` to `goal`, or undefined. */
function importPath(graph, start, goal) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === goal) {
      const chain = [];
      for (let step = goal; step !== undefined; step = cameFrom.get(step)) chain.unshift(step);
      return chain;
    }
    for (const next of graph.get(file) ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const serverBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids two-way feature ties, file cycles and production imports of the demo.' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          source: { type: 'string' },
          testing: { type: 'string' },
          demo: { type: 'string' },
          starter: { type: 'string' },
        },
        required: ['root', 'source', 'testing', 'demo', 'starter'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const options = context.options[0];
    const [source, testing, demo, starter] = [
      options.source,
      options.testing,
      options.demo,
      options.starter,
    ].map((folder) => path.resolve(options.root, folder));
    const file = context.filename;
    if (!inside(file, source) || inside(file, testing) || isTestFile(file)) return {};

    const relative = (target) => path.relative(source, target).split(path.sep).join('/');
    const featureOf = (target) => {
      const [top, ...rest] = relative(target).split('/');
      return rest.length > 0 ? top : undefined;
    };
    const feature = featureOf(file);
    let graph;
    const graphOnce = () => (graph ??= importGraph(source, testing));

    const checkStatic = (node, imported) => {
      if (inside(imported, demo) && !inside(file, demo)) {
        context.report({
          node,
          message: `Production code must not import ${relative(demo)}/: server.ts loads it with import() on a demo start.`,
        });
        return;
      }
      const other = featureOf(imported);
      if (feature && other && other !== feature) {
        for (const [from, imports] of graphOnce()) {
          if (featureOf(from) !== other) continue;
          const back = imports.find((target) => featureOf(target) === feature);
          if (back) {
            context.report({
              node,
              message: `${feature}/ and ${other}/ import each other (${relative(from)} imports ${relative(back)}): move the shared part where the dependency points one way.`,
            });
            return;
          }
        }
      }
      const cycle = importPath(graphOnce(), imported, file);
      if (cycle) {
        context.report({
          node,
          message: `Import cycle: ${[file, ...cycle].map(relative).join(' -> ')}.`,
        });
      }
    };

    const check = (node, specifier, dynamic) => {
      if (typeof specifier !== 'string') return;
      const imported = resolveImport(file, specifier);
      if (!imported || !inside(imported, source)) return;
      if (!dynamic) checkStatic(node, imported);
      else if (inside(imported, demo) && !inside(file, demo) && file !== starter) {
        context.report({
          node,
          message: `Only server.ts may load ${relative(demo)}/, with import() on a demo start.`,
        });
      }
    };

    return {
      ImportDeclaration: (node) => check(node, node.source.value, false),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, false),
      ExportAllDeclaration: (node) => check(node, node.source.value, false),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, true),
    };
  },
};
