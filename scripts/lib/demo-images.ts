// The demo/seed pictures of the salon, each composed as an SVG string: scripts/make-demo-images.ts
// rasterises them with sharp into src/server/setup/seed-images/. Nothing is fetched, so the output
// is reproducible.
//
// Service and discount pictures carry no lettering: the name, price and percentage are
// printed beside them by the pages, and a picture is cropped to many shapes (a 4:3 card, the About
// banner, a 64x44 admin thumbnail), which would cut drawn-in words ("utumn Glow -20%"). Their
// drawing sits in the middle so any crop keeps it whole. Only the avatars keep initials: they are
// shown whole, in a circle.

const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

// ---------------------------------------------------------------------------
// Generic SVG helpers
// ---------------------------------------------------------------------------

type Gradient = readonly [string, string];

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function svgDoc(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>${defs}</defs>
${body}
</svg>`;
}

/** A linear gradient running from the top-left to the bottom-right corner. */
function linearGradient(id: string, [from, to]: Gradient): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
</linearGradient>`;
}

function radialGlow(id: string, color: string): string {
  return `<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.5">
  <stop offset="0" stop-color="${color}" stop-opacity="0.55"/>
  <stop offset="1" stop-color="${color}" stop-opacity="0"/>
</radialGradient>`;
}

function dropShadow(id: string, opacity: number, blur = 3, dy = 3): string {
  return `<filter id="${id}" x="-20%" y="-40%" width="140%" height="180%">
  <feDropShadow dx="0" dy="${dy}" stdDeviation="${blur}" flood-color="#000" flood-opacity="${opacity}"/>
</filter>`;
}

/** Small deterministic PRNG (mulberry32) so every run draws the same images. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Soft translucent "bokeh" circles scattered over the canvas. */
function bokeh(width: number, height: number, seed: number, count: number, color = '#fff'): string {
  const rand = rng(seed);
  return Array.from({ length: count }, () => {
    const r = 12 + rand() * Math.min(width, height) * 0.16;
    const cx = rand() * width;
    const cy = rand() * height;
    const opacity = 0.08 + rand() * 0.18;
    return `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r.toFixed(1)}" fill="${color}" fill-opacity="${opacity.toFixed(2)}"/>`;
  }).join('\n');
}

/** Baseline y that visually centres a line of capital letters on `centerY`. */
function centredBaseline(centerY: number, fontSize: number): number {
  return Math.round(centerY + fontSize * 0.36);
}

// ---------------------------------------------------------------------------
// Motifs: simple decorative drawings in a 200x200 local box centred on 0,0
// ---------------------------------------------------------------------------

type Motif = (accent: string) => string;

const sparkle = (x: number, y: number, s: number, fill: string): string =>
  `<path transform="translate(${x} ${y}) scale(${s})" fill="${fill}" d="M0 -20 Q3 -3 20 0 Q3 3 0 20 Q-3 3 -20 0 Q-3 -3 0 -20 Z"/>`;

const drop = (x: number, y: number, s: number, fill: string, opacity = 1): string =>
  `<path transform="translate(${x} ${y}) scale(${s})" fill="${fill}" fill-opacity="${opacity}" d="M0 -30 C10 -14 20 -2 20 10 A20 20 0 0 1 -20 10 C-20 -2 -10 -14 0 -30 Z"/>`;

const leaf = (x: number, y: number, s: number, rotate: number, fill: string): string =>
  `<g transform="translate(${x} ${y}) rotate(${rotate}) scale(${s})">
  <path fill="${fill}" d="M0 40 C-28 10 -22 -30 0 -45 C22 -30 28 10 0 40 Z"/>
  <path stroke="#fff" stroke-opacity="0.6" stroke-width="2" fill="none" d="M0 36 L0 -38"/>
</g>`;

/** Bubble positions and radii (cx, cy, r) for the cleansing motif. */
const BUBBLES: readonly (readonly [number, number, number])[] = [
  [-50, 10, 46],
  [30, -30, 34],
  [60, 40, 22],
  [-10, -70, 16],
  [90, -60, 12],
  [-90, -40, 14],
];

const MOTIFS = {
  ring: (accent) => `
    <circle cx="0" cy="10" r="52" fill="none" stroke="${accent}" stroke-width="12"/>
    <path d="M-22 -44 L0 -74 L22 -44 Z" fill="#fff" stroke="${accent}" stroke-width="4"/>
    ${sparkle(-80, -60, 0.9, '#fff')}${sparkle(82, -30, 0.7, '#fff')}${sparkle(70, 70, 0.5, accent)}`,

  lipstick: (accent) => `
    <rect x="-26" y="0" width="52" height="80" rx="6" fill="#3b2f3a"/>
    <rect x="-22" y="-22" width="44" height="26" rx="3" fill="#d9b56b"/>
    <path d="M-18 -22 L-18 -70 Q-10 -86 18 -96 L18 -22 Z" fill="${accent}"/>
    ${sparkle(-72, -52, 0.8, '#fff')}${sparkle(70, 10, 0.6, '#fff')}
    <path d="M62 -78 A26 26 0 1 0 88 -42 A20 20 0 1 1 62 -78 Z" fill="#fff" fill-opacity="0.9"/>`,

  scissors: (accent) => `
    <g transform="rotate(-30)">
      <rect x="-70" y="-6" width="150" height="12" rx="6" fill="${accent}" transform="rotate(12)"/>
      <rect x="-70" y="-6" width="150" height="12" rx="6" fill="${accent}" transform="rotate(-12)"/>
      <circle cx="-86" cy="-22" r="20" fill="none" stroke="${accent}" stroke-width="10"/>
      <circle cx="-86" cy="22" r="20" fill="none" stroke="${accent}" stroke-width="10"/>
      <circle cx="0" cy="0" r="6" fill="#fff"/>
    </g>
    <g transform="translate(30 70) rotate(-8)">
      <rect x="-80" y="-10" width="160" height="20" rx="6" fill="#fff" fill-opacity="0.9"/>
      ${Array.from({ length: 15 }, (_, i) => `<rect x="${-74 + i * 10}" y="8" width="5" height="26" rx="2" fill="#fff" fill-opacity="0.9"/>`).join('')}
    </g>`,

  palette: (accent) => `
    ${drop(-60, 10, 1.6, '#e9a36b')}${drop(0, -10, 2, accent)}${drop(60, 10, 1.6, '#b77fb0')}
    <g transform="translate(40 -60) rotate(35)">
      <rect x="-8" y="-70" width="16" height="90" rx="6" fill="#fff"/>
      <rect x="-14" y="20" width="28" height="34" rx="4" fill="#3b2f3a"/>
    </g>`,

  polish: (accent) => `
    <rect x="-14" y="-90" width="28" height="60" rx="6" fill="#3b2f3a"/>
    <rect x="-44" y="-34" width="88" height="110" rx="24" fill="${accent}"/>
    <rect x="-30" y="-22" width="16" height="70" rx="8" fill="#fff" fill-opacity="0.45"/>
    ${drop(80, 40, 1, accent)}${drop(-84, 10, 0.7, accent, 0.8)}
    ${sparkle(-78, -62, 0.7, '#fff')}`,

  lotus: (accent) => `
    ${[-60, -30, 0, 30, 60]
      .map(
        (angle) =>
          `<path transform="rotate(${angle} 0 40)" d="M0 40 C-30 10 -24 -40 0 -62 C24 -40 30 10 0 40 Z" fill="${accent}" fill-opacity="0.75" stroke="#fff" stroke-width="3"/>`,
      )
      .join('')}
    <ellipse cx="0" cy="52" rx="90" ry="12" fill="#fff" fill-opacity="0.6"/>
    ${drop(96, -40, 0.7, accent)}`,

  bubbles: (accent) => `
    ${BUBBLES.map(
      ([cx, cy, r]) =>
        `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity="0.35" stroke="#fff" stroke-width="3"/>` +
        `<circle cx="${cx - r * 0.35}" cy="${cy - r * 0.35}" r="${r * 0.2}" fill="#fff"/>`,
    ).join('')}
    ${drop(-10, 74, 1, accent)}`,

  drops: (accent) => `
    ${drop(0, -10, 2.4, accent, 0.9)}${drop(-74, 30, 1.2, accent, 0.7)}${drop(72, 40, 1.4, accent, 0.8)}
    ${drop(-10, -10, 0.7, '#fff', 0.6)}
    ${leaf(-60, -70, 0.7, -40, '#8fbf8f')}`,

  stones: (accent) => `
    <ellipse cx="0" cy="70" rx="96" ry="24" fill="#3b3b40"/>
    <ellipse cx="0" cy="28" rx="78" ry="22" fill="#55555c"/>
    <ellipse cx="0" cy="-8" rx="60" ry="18" fill="#6c6c74"/>
    <ellipse cx="0" cy="-38" rx="42" ry="14" fill="#85858d"/>
    <ellipse cx="-16" cy="-42" rx="16" ry="4" fill="#fff" fill-opacity="0.35"/>
    ${leaf(-70, -56, 0.8, -50, accent)}${leaf(70, -56, 0.8, 50, accent)}`,

  candle: (accent) => `
    <rect x="-34" y="-20" width="68" height="96" rx="10" fill="#fffaf2"/>
    <ellipse cx="0" cy="-20" rx="34" ry="9" fill="#f1e6d6"/>
    <rect x="-2" y="-40" width="4" height="20" fill="#3b2f3a"/>
    <path d="M0 -86 C12 -66 12 -50 0 -42 C-12 -50 -12 -66 0 -86 Z" fill="#f7b955"/>
    <circle cx="0" cy="-56" r="30" fill="#ffd98a" fill-opacity="0.3"/>
    ${leaf(-80, 30, 0.9, -30, accent)}${leaf(80, 30, 0.9, 30, accent)}${leaf(-56, 70, 0.6, -70, accent)}`,
} satisfies Record<string, Motif>;

type MotifName = keyof typeof MOTIFS;

// ---------------------------------------------------------------------------
// Data tables
// ---------------------------------------------------------------------------

interface ServiceImage {
  file: string;
  title: string;
  background: Gradient;
  accent: string;
  motif: MotifName;
}

const SERVICES: readonly ServiceImage[] = [
  {
    file: 'service-bridal-makeup',
    title: 'Bridal Make up',
    background: ['#fde2e4', '#f9c6d3'],
    accent: '#d6869b',
    motif: 'ring',
  },
  {
    file: 'service-evening-makeup',
    title: 'Evening Make up',
    background: ['#d9c8f0', '#b9a6e0'],
    accent: '#b0294f',
    motif: 'lipstick',
  },
  {
    file: 'service-haircut-styling',
    title: 'Haircut & Styling',
    background: ['#cfe7f5', '#a9cfe9'],
    accent: '#4f6d8a',
    motif: 'scissors',
  },
  {
    file: 'service-hair-colouring',
    title: 'Hair Colouring',
    background: ['#ffe3c8', '#f7c1a8'],
    accent: '#c0504d',
    motif: 'palette',
  },
  {
    file: 'service-classic-manicure',
    title: 'Classic Manicure',
    background: ['#ffd6de', '#f6b3c4'],
    accent: '#d2335c',
    motif: 'polish',
  },
  {
    file: 'service-gel-pedicure',
    title: 'Gel Pedicure',
    background: ['#d8f3ec', '#b2e2d6'],
    accent: '#e56b9a',
    motif: 'lotus',
  },
  {
    file: 'service-facial-cleansing',
    title: 'Facial Cleansing',
    background: ['#dff4fb', '#bde3f2'],
    accent: '#6fb7d6',
    motif: 'bubbles',
  },
  {
    file: 'service-chemical-peel',
    title: 'Chemical Peel',
    background: ['#fff4cf', '#fbdca0'],
    accent: '#e59b3a',
    motif: 'drops',
  },
  {
    file: 'service-hot-stone-massage',
    title: 'Hot Stone Massage',
    background: ['#eee4da', '#d9c6b4'],
    accent: '#7fa36b',
    motif: 'stones',
  },
  {
    file: 'service-aroma-spa',
    title: 'Aroma SPA Ritual',
    background: ['#e4eedd', '#c6dbbb'],
    accent: '#6f9a5f',
    motif: 'candle',
  },
];

type HairStyle = 'long' | 'bob' | 'bun' | 'curly';

interface SpecialistImage {
  file: string;
  background: Gradient;
  skin: string;
  hair: string;
  top: string;
  hairStyle: HairStyle;
}

const SPECIALISTS: readonly SpecialistImage[] = [
  {
    file: 'specialist-anna',
    background: ['#fde2e4', '#e8b7c8'],
    skin: '#f3cfb6',
    hair: '#7a4a2a',
    top: '#c86b8a',
    hairStyle: 'long',
  },
  {
    file: 'specialist-maya',
    background: ['#d7e9f7', '#a7c6e6'],
    skin: '#e0b08f',
    hair: '#1f1a1c',
    top: '#3f6e9a',
    hairStyle: 'bob',
  },
  {
    file: 'specialist-sofia',
    background: ['#fff1d0', '#f4c99a'],
    skin: '#f6dcc5',
    hair: '#d4a44c',
    top: '#b5653d',
    hairStyle: 'bun',
  },
  {
    file: 'specialist-leila',
    background: ['#e2f2e4', '#a9d3b3'],
    skin: '#9c6b4e',
    hair: '#2e1f1a',
    top: '#4f8a63',
    hairStyle: 'curly',
  },
];

interface AvatarImage {
  file: string;
  initials: string;
  background: Gradient;
}

const AVATARS: readonly AvatarImage[] = [
  { file: 'avatar-admin', initials: 'SA', background: ['#5c6bc0', '#3949ab'] },
  { file: 'avatar-customer', initials: 'CD', background: ['#26a69a', '#00897b'] },
  { file: 'avatar-olivia', initials: 'OB', background: ['#ec407a', '#c2185b'] },
  { file: 'avatar-priya', initials: 'PK', background: ['#ffa726', '#ef6c00'] },
  { file: 'avatar-emma', initials: 'EW', background: ['#ab47bc', '#7b1fa2'] },
  { file: 'avatar-noah', initials: 'NR', background: ['#42a5f5', '#1565c0'] },
];

interface DiscountImage {
  file: string;
  title: string;
  background: Gradient;
  badge: string;
  motif: MotifName;
}

const DISCOUNTS: readonly DiscountImage[] = [
  {
    file: 'discount-autumn',
    title: 'Autumn Glow',
    background: ['#f6a15b', '#c2410c'],
    badge: '#7c2d12',
    motif: 'drops',
  },
  { file: 'discount-spa', title: 'SPA Week', background: ['#f7b48c', '#d9667a'], badge: '#8a2b4a', motif: 'stones' },
];

type GalleryLayout = 'arches' | 'waves' | 'circles' | 'stripes';

interface GalleryImage {
  file: string;
  palette: readonly [string, string, string, string];
  layout: GalleryLayout;
  motif: MotifName;
}

const GALLERY: readonly GalleryImage[] = [
  { file: 'gallery-1', palette: ['#fbe3e8', '#f4b6c2', '#e27d98', '#fff'], layout: 'arches', motif: 'polish' },
  { file: 'gallery-2', palette: ['#e3f1ec', '#a8d5c2', '#5fa38a', '#fff'], layout: 'waves', motif: 'candle' },
  { file: 'gallery-3', palette: ['#efe6fa', '#c9b3ee', '#8a63c9', '#fff'], layout: 'circles', motif: 'lipstick' },
  { file: 'gallery-4', palette: ['#fff1dc', '#f8c98f', '#d98b3a', '#fff'], layout: 'stripes', motif: 'scissors' },
  { file: 'gallery-5', palette: ['#e1eef8', '#a9cbe8', '#4f86b8', '#fff'], layout: 'circles', motif: 'bubbles' },
  { file: 'gallery-6', palette: ['#f3ebe3', '#d8c2ad', '#8c6a52', '#fff'], layout: 'waves', motif: 'stones' },
];

// ---------------------------------------------------------------------------
// One builder per image kind
// ---------------------------------------------------------------------------

function serviceSvg(service: ServiceImage, index: number): string {
  const width = 800;
  const height = 600;
  const defs =
    linearGradient('bg', service.background) + radialGlow('glow', '#ffffff') + dropShadow('soft', 0.15, 6, 4);
  // The motif's local box is about 200x200 around 0,0: at scale 1.7 it spans the middle 340 px,
  // inside the square and wide crops of the 4:3 picture alike.
  const body = `
<rect width="${width}" height="${height}" fill="url(#bg)"/>
${bokeh(width, height, 101 + index, 14)}
<circle cx="400" cy="300" r="250" fill="url(#glow)"/>
<g transform="translate(400 300) scale(1.7)" filter="url(#soft)">${MOTIFS[service.motif](service.accent)}</g>`;
  return svgDoc(width, height, defs, body);
}

const HAIR_BACK: Record<HairStyle, (hair: string) => string> = {
  long: (hair) => `<path fill="${hair}" d="M190 250 C185 130 415 130 410 250 L430 470 Q300 510 170 470 Z"/>`,
  bob: (hair) => `<path fill="${hair}" d="M185 260 C175 120 425 120 415 260 L420 345 Q300 370 180 345 Z"/>`,
  bun: (hair) => `<circle cx="300" cy="128" r="52" fill="${hair}"/><circle cx="300" cy="245" r="104" fill="${hair}"/>`,
  curly: (hair) =>
    Array.from({ length: 16 }, (_, i) => {
      const angle = Math.PI * (0.85 + (i / 15) * 1.3);
      const cx = 300 + Math.cos(angle) * 112;
      const cy = 250 + Math.sin(angle) * 112;
      return `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="42" fill="${hair}"/>`;
    }).join('') + `<circle cx="300" cy="250" r="110" fill="${hair}"/>`,
};

const HAIR_FRONT: Record<HairStyle, (hair: string) => string> = {
  long: (hair) =>
    `<path fill="${hair}" d="M203 255 C196 104 404 104 397 255 C372 200 330 178 290 172 C262 200 232 220 203 255 Z"/>`,
  bob: (hair) =>
    `<path fill="${hair}" d="M198 262 C190 100 410 100 402 262 L396 262 L392 208 Q300 220 208 208 L204 262 Z"/>`,
  bun: (hair) => `<path fill="${hair}" d="M205 240 C200 106 400 106 395 240 C360 190 240 190 205 240 Z"/>`,
  curly: (hair) =>
    Array.from(
      { length: 7 },
      (_, i) => `<circle cx="${222 + i * 26}" cy="${160 + Math.abs(3 - i) * 7}" r="26" fill="${hair}"/>`,
    ).join(''),
};

function specialistSvg(specialist: SpecialistImage, index: number): string {
  const size = 600;
  const defs =
    linearGradient('bg', specialist.background) + radialGlow('glow', '#ffffff') + dropShadow('soft', 0.18, 8, 6);
  const { skin, hair, top, hairStyle } = specialist;
  const body = `
<rect width="${size}" height="${size}" fill="url(#bg)"/>
${bokeh(size, size, 201 + index, 10)}
<circle cx="300" cy="300" r="250" fill="url(#glow)"/>
<g filter="url(#soft)">
  ${HAIR_BACK[hairStyle](hair)}
  <path fill="${top}" d="M95 600 C100 470 180 410 300 410 C420 410 500 470 505 600 Z"/>
  <path fill="${skin}" d="M262 330 L338 330 L342 418 Q300 448 258 418 Z"/>
  <path fill="${skin}" d="M258 410 Q300 455 342 410 L360 420 Q300 480 240 420 Z" fill-opacity="0.9"/>
  <ellipse cx="300" cy="255" rx="95" ry="108" fill="${skin}"/>
  ${HAIR_FRONT[hairStyle](hair)}
</g>`;
  return svgDoc(size, size, defs, body);
}

function avatarSvg(avatar: AvatarImage): string {
  const size = 256;
  const fontSize = 96;
  const defs =
    linearGradient('bg', avatar.background) + radialGlow('glow', '#ffffff') + dropShadow('shadow', 0.3, 2, 2);
  const body = `
<rect width="${size}" height="${size}" fill="${avatar.background[1]}"/>
<circle cx="128" cy="128" r="124" fill="url(#bg)"/>
<circle cx="90" cy="70" r="90" fill="url(#glow)"/>
<text x="128" y="${centredBaseline(128, fontSize)}" text-anchor="middle" font-family="${FONT}" font-weight="bold" font-size="${fontSize}" fill="#fff" filter="url(#shadow)">${escapeXml(avatar.initials)}</text>`;
  return svgDoc(size, size, defs, body);
}

/** A blank gift tag on its string: "an offer" without a word on it. */
function giftTag(fill: string, ink: string): string {
  return `
    <path d="M0 -86 C-30 -130 -90 -128 -112 -96" fill="none" stroke="${ink}" stroke-width="5" stroke-linecap="round"/>
    <path d="M-56 96 L-56 -52 L0 -106 L56 -52 L56 96 Z" fill="${fill}" stroke="${fill}" stroke-width="14" stroke-linejoin="round"/>
    <circle cx="0" cy="-62" r="12" fill="${ink}" fill-opacity="0.8"/>
    <rect x="-32" y="-18" width="64" height="9" rx="4.5" fill="${ink}" fill-opacity="0.3"/>
    <rect x="-32" y="4" width="46" height="9" rx="4.5" fill="${ink}" fill-opacity="0.2"/>
    <rect x="-32" y="26" width="56" height="9" rx="4.5" fill="${ink}" fill-opacity="0.2"/>`;
}

function discountSvg(discount: DiscountImage, index: number): string {
  const width = 1200;
  const height = 500;
  const defs =
    linearGradient('bg', discount.background) + radialGlow('glow', '#fff3c4') + dropShadow('soft', 0.25, 6, 5);
  // Everything that matters sits between x 350 and 870, so the About banner's crops and the admin
  // list's 64x44 thumbnail (the middle 725 px of 1200) keep it whole; the edges are only bokeh.
  const body = `
<rect width="${width}" height="${height}" fill="url(#bg)"/>
${bokeh(width, height, 301 + index, 22, '#fff3e0')}
<circle cx="600" cy="250" r="300" fill="url(#glow)"/>
<g transform="translate(465 268) rotate(-14) scale(1.05)" filter="url(#soft)">${giftTag('#fff8ec', discount.badge)}</g>
<g transform="translate(740 262) scale(1.25)" filter="url(#soft)">${MOTIFS[discount.motif]('#fbe3b0')}</g>
${sparkle(380, 110, 1.1, '#fff')}${sparkle(860, 110, 0.8, '#fff')}${sparkle(600, 420, 0.6, '#fff3c4')}`;
  return svgDoc(width, height, defs, body);
}

const GALLERY_LAYOUTS: Record<GalleryLayout, (palette: GalleryImage['palette'], seed: number) => string> = {
  arches: ([, mid, deep, light]) => `
    <path d="M60 600 L60 300 A180 180 0 0 1 420 300 L420 600 Z" fill="${mid}"/>
    <path d="M300 600 L300 380 A130 130 0 0 1 560 380 L560 600 Z" fill="${deep}" fill-opacity="0.55"/>
    <circle cx="470" cy="130" r="60" fill="${light}" fill-opacity="0.7"/>`,
  waves: ([, mid, deep, light]) => `
    <path d="M0 380 C120 320 220 440 340 390 C450 345 520 360 600 330 L600 600 L0 600 Z" fill="${mid}"/>
    <path d="M0 470 C140 420 260 520 380 470 C480 430 540 450 600 430 L600 600 L0 600 Z" fill="${deep}" fill-opacity="0.6"/>
    <circle cx="120" cy="120" r="70" fill="${light}" fill-opacity="0.6"/>`,
  circles: ([, mid, deep, light], seed) => `
    <circle cx="200" cy="220" r="190" fill="${mid}" fill-opacity="0.8"/>
    <circle cx="420" cy="400" r="160" fill="${deep}" fill-opacity="0.45"/>
    ${bokeh(600, 600, seed, 12, light)}`,
  stripes: ([, mid, deep, light]) => `
    ${Array.from({ length: 6 }, (_, i) => `<rect x="${-200 + i * 150}" y="-100" width="70" height="900" fill="${i % 2 ? mid : deep}" fill-opacity="${i % 2 ? 0.7 : 0.35}" transform="rotate(30 300 300)"/>`).join('')}
    <circle cx="300" cy="300" r="170" fill="${light}" fill-opacity="0.55"/>`,
};

function gallerySvg(item: GalleryImage, index: number): string {
  const size = 600;
  const [base, mid, deep] = item.palette;
  const defs = linearGradient('bg', [base, mid]) + dropShadow('soft', 0.2, 8, 6);
  const body = `
<rect width="${size}" height="${size}" fill="url(#bg)"/>
${GALLERY_LAYOUTS[item.layout](item.palette, 401 + index)}
<g transform="translate(300 300) scale(1.6)" filter="url(#soft)">${MOTIFS[item.motif](deep)}</g>`;
  return svgDoc(size, size, defs, body);
}

// ---------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------

export interface DemoImage {
  /** The file name in seed-images/ without its extension. */
  file: string;
  svg: string;
}

export const DEMO_IMAGES: readonly DemoImage[] = [
  ...SERVICES.map((s, i) => ({ file: s.file, svg: serviceSvg(s, i) })),
  ...SPECIALISTS.map((s, i) => ({ file: s.file, svg: specialistSvg(s, i) })),
  ...AVATARS.map((a) => ({ file: a.file, svg: avatarSvg(a) })),
  ...DISCOUNTS.map((d, i) => ({ file: d.file, svg: discountSvg(d, i) })),
  ...GALLERY.map((g, i) => ({ file: g.file, svg: gallerySvg(g, i) })),
];
