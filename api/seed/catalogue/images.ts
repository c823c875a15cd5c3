/**
 * The catalogue's illustrations: small SVG files written by generateImages.ts into api/assets/catalogue/ (they
 * ship in the repository) and described in the data by { path, width, height, alt }. One drawing per
 * category, product (main picture + a specification card), service, package and promotion banner.
 */

export interface StoredImage {
  /** Path under api/assets/catalogue, e.g. 'products/pin-lithium-48v-20ah.svg'. */
  path: string;
  width: number;
  height: number;
  alt: string;
}

export const IMAGE_SIZES = {
  product: { width: 800, height: 600 },
  category: { width: 640, height: 400 },
  service: { width: 640, height: 400 },
  package: { width: 640, height: 400 },
  promotion: { width: 1200, height: 400 },
} as const;

export type ImageKind = keyof typeof IMAGE_SIZES;

/** The look of each category (colours and the pictogram drawn on its pictures). */
export type Pictogram = 'battery' | 'motor' | 'cable' | 'tool' | 'tyre' | 'bulb' | 'helmet' | 'wrench' | 'chip' | 'shield' | 'gift' | 'bolt';

export interface Palette {
  from: string;
  to: string;
  accent: string;
}

export const PALETTES: Record<string, Palette> = {
  'pin-bo-sac': { from: '#0f766e', to: '#14b8a6', accent: '#ccfbf1' },
  'dong-co-dien': { from: '#1e3a8a', to: '#3b82f6', accent: '#dbeafe' },
  'cap-sac': { from: '#7c2d12', to: '#f97316', accent: '#ffedd5' },
  'dung-cu': { from: '#374151', to: '#6b7280', accent: '#f3f4f6' },
  'phanh-lop': { from: '#111827', to: '#4b5563', accent: '#fde68a' },
  'den-linh-kien-dien': { from: '#713f12', to: '#eab308', accent: '#fef9c3' },
  'phu-kien': { from: '#581c87', to: '#a855f7', accent: '#f3e8ff' },
  service: { from: '#065f46', to: '#10b981', accent: '#d1fae5' },
  package: { from: '#1e1b4b', to: '#6366f1', accent: '#e0e7ff' },
  promotion: { from: '#9f1239', to: '#f43f5e', accent: '#ffe4e6' },
};

export function imageOf(kind: ImageKind, path: string, alt: string): StoredImage {
  return { path, ...IMAGE_SIZES[kind], alt };
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Greedy word wrap at `width` characters, at most `lines` lines (the last one cut with '…'). */
export function wrapText(text: string, width: number, lines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const result: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= width || !current) {
      current = candidate;
    } else {
      result.push(current);
      current = word;
    }
  }
  if (current) result.push(current);
  if (result.length <= lines) return result;
  const kept = result.slice(0, lines);
  kept[lines - 1] = `${kept[lines - 1]!.replace(/[\s,.;:–-]+$/, '')}…`;
  return kept;
}

/** A pictogram drawn in a 120×120 box at (0, 0), stroke in `color`. */
export function pictogram(kind: Pictogram, color: string): string {
  const s = `fill="none" stroke="${color}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"`;
  switch (kind) {
    case 'battery':
      return `<rect x="10" y="30" width="90" height="60" rx="8" ${s}/><rect x="100" y="48" width="12" height="24" rx="3" fill="${color}"/><path d="M52 40 38 62h16l-6 18 18-26H50l6-14z" fill="${color}"/>`;
    case 'motor':
      return `<circle cx="60" cy="60" r="46" ${s}/><circle cx="60" cy="60" r="14" ${s}/><path d="M60 14v18M60 88v18M14 60h18M88 60h18M27 27l13 13M80 80l13 13M27 93l13-13M80 40l13-13" ${s}/>`;
    case 'cable':
      return `<path d="M14 98c30 0 20-40 46-40s22 28 46 28" ${s}/><rect x="86" y="16" width="26" height="36" rx="6" ${s}/><path d="M92 16V6M106 16V6M99 52v18" ${s}/>`;
    case 'tool':
      return `<path d="M24 96 70 50M64 20a22 22 0 0 0 28 28l14 14-12 12-14-14a22 22 0 0 1-28-28l12 12 12-12z" ${s}/><circle cx="24" cy="96" r="8" fill="${color}"/>`;
    case 'wrench':
      return `<path d="M20 100 62 58M78 16a24 24 0 1 0 26 26L88 50 70 32z" ${s}/>`;
    case 'tyre':
      return `<circle cx="60" cy="60" r="48" ${s}/><circle cx="60" cy="60" r="26" ${s}/><path d="M60 12v10M60 98v10M12 60h10M98 60h10M26 26l7 7M87 87l7 7M26 94l7-7M87 33l7-7" ${s}/>`;
    case 'bulb':
      return `<path d="M60 12a32 32 0 0 0-18 58v14h36V70a32 32 0 0 0-18-58zM46 96h28M50 108h20" ${s}/><path d="M60 40v20" ${s}/>`;
    case 'helmet':
      return `<path d="M14 84a46 46 0 0 1 92 0zM14 84h92v12H14zM60 38v46" ${s}/>`;
    case 'chip':
      return `<rect x="28" y="28" width="64" height="64" rx="8" ${s}/><rect x="46" y="46" width="28" height="28" ${s}/><path d="M40 10v18M60 10v18M80 10v18M40 92v18M60 92v18M80 92v18M10 40h18M10 60h18M10 80h18M92 40h18M92 60h18M92 80h18" ${s}/>`;
    case 'shield':
      return `<path d="M60 10 100 26v30c0 28-18 46-40 54-22-8-40-26-40-54V26z" ${s}/><path d="m40 60 14 14 28-28" ${s}/>`;
    case 'gift':
      return `<rect x="14" y="44" width="92" height="62" rx="6" ${s}/><path d="M8 44h104M60 44v62M60 44c-10-24-40-24-30-4M60 44c10-24 40-24 30-4" ${s}/>`;
    case 'bolt':
      return `<path d="M70 8 26 68h30l-8 44 46-62H64z" ${s}/>`;
  }
}

interface CardOptions {
  width: number;
  height: number;
  palette: Palette;
  pictogram: Pictogram;
  eyebrow: string;
  title: string;
  footer?: string;
  /** Extra lines (e.g. specifications) under the title. */
  details?: string[];
}

/** One illustration: gradient, pictogram, eyebrow (brand or kind), the name wrapped, an optional footer. */
export function cardSvg(options: CardOptions): string {
  const { width, height, palette } = options;
  const wide = width / height >= 2.5;
  const titleSize = wide ? 56 : Math.round(width / 17);
  const wrapAt = wide ? 26 : Math.floor((width * 0.58) / (titleSize * 0.6));
  const titleLines = wrapText(options.title, wrapAt, options.details?.length ? 2 : 3);
  const left = Math.round(width * 0.07);
  // Wide banners: the pictogram centred on the right; cards: in the bottom-right corner, clear of the text.
  const iconScale = wide ? 2.2 : (height * 0.34) / 120;
  const iconX = Math.round(width - 120 * iconScale - width * 0.06);
  const iconY = wide ? Math.round((height - 120 * iconScale) / 2) : Math.round(height - 120 * iconScale - height * 0.07);
  const detailWidth = Math.floor((width * 0.6) / (titleSize * 0.5 * 0.55));
  const titleTop = Math.round(height * (wide ? 0.42 : 0.36));
  const lineGap = Math.round(titleSize * 1.2);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">`,
    `<title>${escapeXml(options.title)}</title>`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#g)"/>`,
    `<circle cx="${width * 0.85}" cy="${height * 0.1}" r="${height * 0.45}" fill="#ffffff" opacity="0.07"/>`,
    `<g transform="translate(${iconX} ${iconY}) scale(${iconScale.toFixed(3)})" opacity="0.9">${pictogram(options.pictogram, palette.accent)}</g>`,
    `<g font-family="'Be Vietnam Pro','Segoe UI',Roboto,Arial,sans-serif" fill="#ffffff">`,
    `<text x="${left}" y="${Math.round(height * 0.17)}" font-size="${Math.round(titleSize * 0.5)}" font-weight="600" fill="${palette.accent}" letter-spacing="2">${escapeXml(options.eyebrow.toUpperCase())}</text>`,
  ];
  titleLines.forEach((line, index) => {
    parts.push(`<text x="${left}" y="${titleTop + index * lineGap}" font-size="${titleSize}" font-weight="700">${escapeXml(line)}</text>`);
  });
  (options.details ?? []).forEach((line, index) => {
    const y = titleTop + titleLines.length * lineGap + Math.round(titleSize * 0.3) + index * Math.round(titleSize * 0.75);
    parts.push(`<text x="${left}" y="${y}" font-size="${Math.round(titleSize * 0.5)}" fill="${palette.accent}">${escapeXml(wrapText(line, detailWidth, 1)[0] ?? '')}</text>`);
  });
  if (options.footer) {
    parts.push(`<text x="${left}" y="${Math.round(height * 0.9)}" font-size="${Math.round(titleSize * 0.42)}" opacity="0.85">${escapeXml(options.footer)}</text>`);
  }
  parts.push('</g></svg>');
  return `${parts.join('\n')}\n`;
}
