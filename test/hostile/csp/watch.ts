// Evaluated before any element module (first import of frame.ts): every CSP violation of the frame is kept.
const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (e) => {
  const where = e.target instanceof Element ? `<${e.target.localName}> in ${(e.target.getRootNode() as ShadowRoot).host?.localName ?? 'document'}` : '';
  violations.push(`${e.violatedDirective}: ${e.blockedURI} ${e.sample} ${where} ${e.sourceFile}:${e.lineNumber}`);
});
(window as unknown as { cspViolations: string[] }).cspViolations = violations;
