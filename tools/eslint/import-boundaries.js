import path from 'node:path';

const inside = (file, folder) => file === folder || file.startsWith(`${folder}${path.sep}`);

/**
 * Keeps imports flowing one way between folders: a file inside a zone's `target` may not import from
 * the zone's `from` folders (except the `except` sub-folders). Relative imports are resolved to
 * folders; package imports are not this rule's business.
 *
 * @type {import('eslint').Rule.RuleModule}
 */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids imports across the folder boundaries given as zones.' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'string' },
                from: { type: 'array', items: { type: 'string' } },
                except: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['target', 'from', 'message'],
              additionalProperties: false,
            },
          },
        },
        required: ['root', 'zones'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { root, zones } = context.options[0];
    const file = context.filename;
    const active = zones.filter((zone) => inside(file, path.resolve(root, zone.target)));
    if (active.length === 0) return {};

    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const imported = path.resolve(path.dirname(file), source);
      for (const zone of active) {
        const from = zone.from.map((folder) => path.resolve(root, folder));
        const allowed = (zone.except ?? []).map((folder) => path.resolve(root, folder));
        if (
          from.some((folder) => inside(imported, folder)) &&
          !allowed.some((folder) => inside(imported, folder))
        ) {
          context.report({ node, message: zone.message });
          return;
        }
      }
    };

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
