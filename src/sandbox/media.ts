import { COLOURS } from './seed.js';

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

function hue(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

/** A generated product picture: a colour field with the product's name, so no image leaves the machine. */
export function productSvg(title: string, key: string): string {
  const colour = Object.entries(COLOURS).find(([name]) => name.toLowerCase() === key.toLowerCase())?.[1];
  const fill = colour ?? `hsl(${hue(title + key)} 45% 62%)`;
  const accent = `hsl(${(hue(title) + 40) % 360} 35% 30%)`;
  const label = escapeXml(title.slice(0, 60));
  const sub = escapeXml(key === 'main' ? '' : key.replace(/-/g, ' '));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600" role="img" aria-label="${label}">
<rect width="600" height="600" fill="${fill}"/>
<circle cx="300" cy="250" r="${key === 'detail' ? 170 : 120}" fill="${accent}" opacity="0.35"/>
<rect x="40" y="440" width="520" height="110" rx="16" fill="#ffffff" opacity="0.85"/>
<text x="300" y="492" font-family="system-ui, sans-serif" font-size="30" text-anchor="middle" fill="#222">${label}</text>
<text x="300" y="530" font-family="system-ui, sans-serif" font-size="20" text-anchor="middle" fill="#555">${sub}</text>
</svg>`;
}
