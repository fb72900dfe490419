// Tote's tags are custom elements: Vue passes them through (on the server too) and sets their properties.
export default defineNuxtConfig({
  compatibilityDate: '2026-01-01',
  devtools: { enabled: false },
  telemetry: false,
  vue: { compilerOptions: { isCustomElement: (tag: string) => tag.startsWith('tote-') } },
});
