// A small ESLint plugin for the web app's and the server's import boundaries (docs/architecture.md,
// "Import boundaries"). It resolves each relative import against the importing file and refuses it when
// the file lies in a zone's `target` and the import in its `from` (minus `except`, relative to
// `from`). Written here because eslint-plugin-import-x's resolver needs native bindings that this
// environment's npm registry does not carry for every platform, which breaks `npm ci`.
import path from 'node:path';

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const abs = (p) => path.resolve(root, p);
const inside = (file, dir) => file === dir || file.startsWith(dir + path.sep);
const list = (v) => (Array.isArray(v) ? v : [v]);

/** Calls `check(node, specifier)` for every import, re-export and dynamic import of a file. */
const importVisitors = (check) => ({
  ImportDeclaration: (node) => check(node.source, node.source.value),
  ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
  ExportAllDeclaration: (node) => check(node.source, node.source.value),
  ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
});

const restrictedPaths = {
  meta: {
    type: 'problem',
    docs: { description: 'Refuse imports that cross a declared boundary (resolved paths).' },
    schema: [{ type: 'object', properties: { zones: { type: 'array' } }, additionalProperties: false }],
  },
  create(context) {
    const zones = (context.options[0]?.zones ?? []).map((z) => ({
      targets: list(z.target).map(abs),
      froms: list(z.from).map(abs),
      excepts: list(z.except ?? [])
        .map((e) => list(z.from).map((f) => path.resolve(abs(f), e)))
        .flat(),
      message: z.message ?? 'This import crosses a boundary.',
    }));
    const file = path.resolve(context.filename);
    const active = zones.filter((z) => z.targets.some((t) => inside(file, t)));
    if (active.length === 0) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec);
      for (const z of active) {
        if (z.froms.some((f) => inside(target, f)) && !z.excepts.some((e) => inside(target, e))) {
          context.report({ node, message: `Unexpected path "${spec}" imported in restricted zone. ${z.message}` });
          return;
        }
      }
    };
    return importVisitors(check);
  },
};

// Each folder under `areas` (the server's modules/<area>/) is used from outside only through its
// index.ts: an import from another area, or from any other file the rule applies to, that resolves
// into an area's folder must name the folder itself or its index. `shared` lists folders inside an
// area that every file may still import (each with its reason in eslint.config.js).
const moduleEntry = {
  meta: {
    type: 'problem',
    docs: { description: 'Reach another area only through its index.ts (resolved paths).' },
    schema: [
      {
        type: 'object',
        properties: { areas: { type: 'string' }, shared: { type: 'array' }, message: { type: 'string' } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const options = context.options[0] ?? {};
    if (!options.areas) return {};
    const areas = abs(options.areas);
    const shared = (options.shared ?? []).map(abs);
    const file = path.resolve(context.filename);
    const areaOf = (p) => (inside(p, areas) && p !== areas ? path.relative(areas, p).split(path.sep)[0] : null);
    const own = areaOf(file);
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec);
      const area = areaOf(target);
      if (area === null || area === own || shared.some((s) => inside(target, s))) return;
      const entry = path.join(areas, area);
      if ([entry, path.join(entry, 'index'), path.join(entry, 'index.ts')].includes(target)) return;
      const rel = path.relative(path.dirname(file), entry);
      context.report({
        node,
        message:
          `"${spec}" reaches into the ${area} area's files; import it from "${rel.startsWith('.') ? rel : `./${rel}`}" (its index.ts). ${options.message ?? ''}`.trim(),
      });
    };
    return importVisitors(check);
  },
};

export const boundaries = { rules: { 'restricted-paths': restrictedPaths, 'module-entry': moduleEntry } };
