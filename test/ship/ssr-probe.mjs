// Run by ssr.test.ts in a fresh Node process with no DOM: imports one subpath
// of the package by name (self-reference) with traps on the browser globals,
// then prints what was read and by whom. With `render`, also server-renders a
// React and a Vue tree of Tote's components.
const traps = ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location'];
const present = traps.filter((name) => name in globalThis);
const touched = [];
for (const name of traps) {
  if (present.includes(name)) continue;
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      // The frame right below this getter is the code that read the global.
      touched.push({ name, by: new Error().stack.split('\n')[2]?.trim() ?? '' });
      return undefined;
    },
  });
}
const [spec, render] = process.argv.slice(2);
const mod = await import(spec);
let html = '';
if (render === 'react') {
  const React = await import('react');
  const { renderToString } = await import('react-dom/server');
  html = renderToString(
    React.createElement(mod.ToteProvider, { endpoint: '/api', locale: 'de' }, React.createElement(mod.ToteCart, { variant: 'mini' })),
  );
} else if (render === 'vue') {
  const { createSSRApp, h } = await import('vue');
  const { renderToString } = await import('vue/server-renderer');
  html = await renderToString(createSSRApp({ render: () => h('tote-provider', { endpoint: '/api' }, [h('tote-cart', { variant: 'mini' })]) }));
}
const after = Object.fromEntries(['window', 'document'].map((n) => [n, Object.getOwnPropertyDescriptor(globalThis, n)?.get ? 'trap' : typeof globalThis[n]]));
console.log(JSON.stringify({ spec, exports: Object.keys(mod), present, touched, after, html }));
