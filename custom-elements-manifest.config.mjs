// `cem analyze` config (read automatically): our elements register through
// `defineElement('tote-x', ToteX)`, which the analyzer does not know, so a
// plugin records those tags; private and protected members are dropped so the
// manifest (and the Storybook tables and docs/api.md made from it) is the
// public API only.
const defineElementPlugin = () => {
  const tags = new Map(); // module path -> [[tag, className]]
  return {
    name: 'tote-define-element',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'defineElement') return;
      const [tag, cls] = node.arguments;
      if (!tag || !cls || !ts.isStringLiteral(tag) || !ts.isIdentifier(cls)) return;
      const list = tags.get(moduleDoc.path) ?? [];
      list.push([tag.text, cls.text]);
      tags.set(moduleDoc.path, list);
    },
    packageLinkPhase({ customElementsManifest }) {
      // The class is declared in the registering module itself, or (split elements) in `<name>.component.ts` beside it.
      for (const moduleDoc of customElementsManifest.modules) {
        for (const [tag, cls] of tags.get(moduleDoc.path) ?? []) {
          const home = [moduleDoc, ...customElementsManifest.modules.filter((m) => m.path === moduleDoc.path.replace(/\.ts$/, '.component.ts'))].find(
            (m) => m.declarations?.some((d) => d.name === cls),
          );
          const declaration = home?.declarations.find((d) => d.name === cls);
          if (!declaration) continue;
          declaration.tagName = tag;
          declaration.customElement = true;
          moduleDoc.exports ??= [];
          moduleDoc.exports.push({ kind: 'custom-element-definition', name: tag, declaration: { name: cls, module: home.path } });
        }
      }
      for (const mod of customElementsManifest.modules) {
        for (const d of mod.declarations ?? []) {
          const hidden = (m) => m.static || m.privacy === 'private' || m.privacy === 'protected' || m.name.startsWith('#');
          // Lit's `static properties` reader makes an attribute of every entry without `attribute: false`, `state: true`
          // ones included, and marks each field `privacy: 'public'`: drop the private ones' attributes, and the
          // default privacy so a field reads as it did when declared with decorators.
          const hiddenFields = new Set(d.members?.filter(hidden).map((m) => m.name));
          if (d.attributes) d.attributes = d.attributes.filter((a) => !hiddenFields.has(a.fieldName));
          if (d.members) d.members = d.members.filter((m) => !hidden(m));
          for (const m of d.members ?? []) if (m.privacy === 'public') delete m.privacy;
        }
      }
    },
  };
};

export default {
  globs: ['src/elements/**/*.ts', 'src/checkout/view/**/*.ts'],
  exclude: ['src/elements/**/*.styles.ts', 'src/checkout/view/**/*.styles.ts'],
  outdir: '.',
  litelement: true,
  plugins: [defineElementPlugin()],
};
