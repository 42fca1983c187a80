// Draws the demo images as small SVG files, without any network access:
//   apps/web/public/images/tutors/<slug>.svg   a 400×400 illustrated portrait per seeded tutor
//   apps/web/public/images/blog/<slug>.svg     a 1200×630 cover per seeded blog post, one motif per category
//   apps/web/public/images/default-avatar.svg  the directory's fallback portrait
// The tutor and post lists come from the seed's own data modules, so names and files stay in step.
// Run once after changing the seed data, and commit the output:  npx node scripts/generate-images.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoTutors, tutorImagePath } from '../apps/api/src/platform/db/seed/tutors.data.ts';
import { blogCoverPath, demoPosts } from '../apps/api/src/platform/db/seed/blog.data.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'apps/web/public');

/** A small deterministic generator so every run draws the same pictures. */
function random(seedText) {
  let h = 2166136261;
  for (const c of seedText) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

const round = (n) => Math.round(n * 10) / 10;

// Brand palette (apps/web/src/index.css): deep greens and gold, with a few warm companions.
const backgrounds = [
  ['#065f46', '#047857'],
  ['#064e3b', '#0f766e'],
  ['#047857', '#065f46'],
  ['#115e59', '#064e3b'],
  ['#14532d', '#047857'],
  ['#0f766e', '#064e3b'],
];
const skins = ['#c98e62', '#b07448', '#8d5a36', '#6f4327', '#573321'];
const clothes = ['#f8f5ec', '#fbbf24', '#f1e9d8', '#9f1239', '#1e293b', '#c2410c', '#fefce8'];
const hairColour = '#1c1714';

/** The tibeb: the woven border of Ethiopian clothing, as a band of small diamonds. */
function tibebBand(x, y, width, size, colours) {
  let out = `<rect x="${x}" y="${y}" width="${width}" height="${size}" fill="${colours[0]}"/>`;
  for (let i = 0, cx = x + size / 2; cx < x + width; i++, cx += size) {
    const c = colours[1 + (i % (colours.length - 1))];
    out += `<path d="M${round(cx)} ${y + 2}l${round(size / 2 - 2)} ${round(size / 2 - 2)}l-${round(size / 2 - 2)} ${round(size / 2 - 2)}l-${round(size / 2 - 2)} -${round(size / 2 - 2)}z" fill="${c}"/>`;
  }
  return out;
}

function hairBehind(look) {
  switch (look) {
    case 'afro':
      return `<circle cx="200" cy="160" r="98" fill="${hairColour}"/>`;
    case 'long':
      return `<path d="M128 170c-4-70 30-100 72-100s78 30 72 100l8 140H120z" fill="${hairColour}"/>`;
    case 'braids':
      return [124, 142, 258, 276]
        .map(
          (x) =>
            `<rect x="${x - 8}" y="150" width="16" height="${x < 200 ? 170 : 160}" rx="8" fill="${hairColour}"/>`,
        )
        .join('');
    case 'bun':
      return `<circle cx="200" cy="92" r="34" fill="${hairColour}"/>`;
    default:
      return '';
  }
}

function hairFront(look, wrapColour) {
  switch (look) {
    case 'short':
      return `<path d="M137 178c-6-58 24-88 63-88s70 28 63 88c-10-30-30-44-63-44s-53 14-63 44z" fill="${hairColour}"/>`;
    case 'fade':
      return `<path d="M140 168c0-48 26-72 60-72s60 24 60 72c-12-24-32-34-60-34s-48 10-60 34z" fill="${hairColour}"/>`;
    case 'afro':
      return `<path d="M136 180c-4-52 24-84 64-84s68 32 64 84c-14-28-34-40-64-40s-50 12-64 40z" fill="${hairColour}"/>`;
    case 'bun':
    case 'braids':
    case 'long':
      return `<path d="M136 184c-6-60 22-94 64-94s70 34 64 94c-8-34-30-52-64-52s-56 18-64 52z" fill="${hairColour}"/>`;
    case 'wrap':
      return (
        `<path d="M128 182c-8-70 26-108 72-108s80 38 72 108c-18-28-40-40-72-40s-54 12-72 40z" fill="${wrapColour}"/>` +
        `<path d="M150 96c20 16 80 16 100 0" stroke="#fbbf24" stroke-width="8" fill="none" stroke-linecap="round"/>` +
        `<circle cx="246" cy="84" r="20" fill="${wrapColour}"/>`
      );
    default:
      return '';
  }
}

function portrait(name, avatar, index) {
  const rand = random(name);
  const [bg1, bg2] = backgrounds[index % backgrounds.length];
  const skin = skins[avatar.skin];
  const shirt = clothes[Math.floor(rand() * clothes.length)];
  const light = ['#f8f5ec', '#f1e9d8', '#fefce8', '#fbbf24'].includes(shirt);
  const trim = light ? ['#065f46', '#fbbf24', '#9f1239'] : ['#fbbf24', '#f8f5ec', '#065f46'];
  const wrapColour = ['#9f1239', '#fbbf24', '#c2410c'][index % 3];
  const smile = rand() > 0.5 ? 'M184 222q16 12 32 0' : 'M186 220q14 9 28 0';
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" role="img" aria-label="${name}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient></defs>`,
    `<rect width="400" height="400" fill="url(#g)"/>`,
    `<circle cx="${round(60 + rand() * 280)}" cy="${round(40 + rand() * 80)}" r="${round(70 + rand() * 60)}" fill="#fff" opacity=".07"/>`,
    `<circle cx="200" cy="210" r="150" fill="none" stroke="#fbbf24" stroke-width="3" opacity=".35"/>`,
    hairBehind(avatar.look),
    // Shoulders and neckline with a tibeb border.
    `<path d="M56 400c0-78 56-112 144-112s144 34 144 112z" fill="${shirt}"/>`,
    `<rect x="176" y="240" width="48" height="62" rx="18" fill="${skin}"/>`,
    `<path d="M176 288l24 34 24-34" fill="${skin}"/>`,
    `<path d="M168 290l32 46 32-46" fill="none" stroke="${trim[0]}" stroke-width="10" stroke-linejoin="round"/>`,
    `<path d="M168 290l32 46 32-46" fill="none" stroke="${trim[1]}" stroke-width="4" stroke-dasharray="6 5" stroke-linejoin="round"/>`,
    `<rect x="196" y="336" width="8" height="64" fill="${trim[2]}"/>`,
    // Head.
    `<ellipse cx="138" cy="190" rx="12" ry="18" fill="${skin}"/><ellipse cx="262" cy="190" rx="12" ry="18" fill="${skin}"/>`,
    `<ellipse cx="200" cy="180" rx="63" ry="76" fill="${skin}"/>`,
    hairFront(avatar.look, wrapColour),
    `<path d="M168 168q10-7 20 0M212 168q10-7 20 0" stroke="${hairColour}" stroke-width="4" fill="none" stroke-linecap="round"/>`,
    `<ellipse cx="178" cy="186" rx="5.5" ry="6.5" fill="#1c1714"/><ellipse cx="222" cy="186" rx="5.5" ry="6.5" fill="#1c1714"/>`,
    `<path d="M200 192q-6 14 2 16" stroke="#1c1714" stroke-opacity=".35" stroke-width="3" fill="none" stroke-linecap="round"/>`,
    avatar.beard
      ? `<path d="M140 196q4 60 60 64q56-4 60-64q-10 40-60 42q-50-2-60-42z" fill="${hairColour}"/>` +
        `<path d="M180 216q20-8 40 0" stroke="${hairColour}" stroke-width="6" fill="none" stroke-linecap="round"/>`
      : '',
    `<path d="${smile}" stroke="${avatar.beard ? '#f8f5ec' : '#5b2c1c'}" stroke-width="4" fill="none" stroke-linecap="round"/>`,
    avatar.glasses
      ? `<g fill="none" stroke="#1c1714" stroke-width="3.5"><circle cx="178" cy="186" r="17"/><circle cx="222" cy="186" r="17"/><path d="M195 184h10M161 182l-22-4M239 182l22-4"/></g>`
      : '',
    '</svg>',
  ];
  return parts.join('');
}

function defaultAvatar() {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" role="img" aria-label="Tutor">',
    '<rect width="400" height="400" fill="#d1fae5"/>',
    '<circle cx="200" cy="210" r="150" fill="none" stroke="#047857" stroke-width="3" opacity=".25"/>',
    '<path d="M56 400c0-78 56-112 144-112s144 34 144 112z" fill="#047857"/>',
    '<rect x="176" y="240" width="48" height="62" rx="18" fill="#065f46" opacity=".55"/>',
    '<ellipse cx="200" cy="178" rx="63" ry="76" fill="#065f46" opacity=".55"/>',
    tibebBand(56, 372, 288, 20, ['#064e3b', '#fbbf24', '#d1fae5']),
    '</svg>',
  ].join('');
}

const categoryStyles = {
  'study-tips': { bg: ['#065f46', '#0f766e'], accent: '#fbbf24' },
  languages: { bg: ['#115e59', '#065f46'], accent: '#fbbf24' },
  stem: { bg: ['#064e3b', '#1e3a5f'], accent: '#5eead4' },
  parenting: { bg: ['#92400e', '#b45309'], accent: '#fde68a' },
  news: { bg: ['#14532d', '#065f46'], accent: '#fbbf24' },
};

function motif(category, accent) {
  const stroke = `fill="none" stroke="${accent}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"`;
  switch (category) {
    case 'study-tips': // an open book and a pencil
      return (
        `<g transform="translate(700 170)"><path d="M0 40q90-40 170 0v230q-80-40-170 0zM170 40q80-40 170 0v230q-90-40-170 0z" fill="#f8f5ec" opacity=".95"/>` +
        `<path d="M170 40v230" stroke="#065f46" stroke-width="4"/>` +
        `<path d="M30 100q60-24 120 0M30 140q60-24 120 0M30 180q60-24 120 0M200 100q60-24 120 0M200 140q60-24 120 0" stroke="#0f766e" stroke-width="5" fill="none" opacity=".5"/>` +
        `<g transform="rotate(-35 300 -10)"><rect x="250" y="-40" width="26" height="190" rx="4" fill="${accent}"/><path d="M250 150h26l-13 30z" fill="#f1e9d8"/></g></g>`
      );
    case 'languages': // two speech bubbles
      return (
        `<g transform="translate(690 140)"><path d="M0 40a40 40 0 0 1 40-40h220a40 40 0 0 1 40 40v110a40 40 0 0 1-40 40H110l-50 50v-50H40a40 40 0 0 1-40-40z" fill="#f8f5ec"/>` +
        `<path d="M50 70h190M50 110h140" stroke="#0f766e" stroke-width="12" stroke-linecap="round" opacity=".6"/>` +
        `<path d="M160 190a36 36 0 0 1 36-36h180a36 36 0 0 1 36 36v90a36 36 0 0 1-36 36h-20v44l-44-44H196a36 36 0 0 1-36-36z" fill="${accent}"/>` +
        `<path d="M200 215h150M200 255h100" stroke="#065f46" stroke-width="12" stroke-linecap="round" opacity=".6"/></g>`
      );
    case 'stem': // an atom over a grid of dots
      return (
        `<g transform="translate(870 315)"><ellipse rx="170" ry="64" ${stroke}/><ellipse rx="170" ry="64" transform="rotate(60)" ${stroke}/>` +
        `<ellipse rx="170" ry="64" transform="rotate(-60)" ${stroke}/><circle r="26" fill="#fbbf24"/></g>`
      );
    case 'parenting': // a grown-up and a child, and a heart
      return (
        `<g transform="translate(740 150)" fill="#fef3c7"><circle cx="90" cy="60" r="46"/><path d="M20 330c0-110 30-170 70-170s70 60 70 170z"/>` +
        `<circle cx="250" cy="150" r="34" fill="${accent}"/><path d="M200 330c0-80 22-124 50-124s50 44 50 124z" fill="${accent}"/>` +
        `<path d="M170 60c0-20 26-26 34-8c8-18 34-12 34 8c0 22-34 40-34 40s-34-18-34-40z" fill="#f43f5e"/></g>`
      );
    default: // news: a megaphone with sound lines
      return (
        `<g transform="translate(740 190)"><path d="M0 90h60l170-80v260L60 190H0z" fill="#f8f5ec"/><rect x="40" y="190" width="40" height="80" rx="10" fill="#f8f5ec"/>` +
        `<path d="M270 80q40 60 0 120M300 40q70 100 0 200" ${stroke}/></g>`
      );
  }
}

function cover(post) {
  const style = categoryStyles[post.category] ?? categoryStyles.news;
  const rand = random(post.slug);
  let bubbles = '';
  for (let i = 0; i < 7; i++) {
    bubbles += `<circle cx="${round(rand() * 700)}" cy="${round(rand() * 560)}" r="${round(30 + rand() * 150)}" fill="${i % 3 === 0 ? style.accent : '#ffffff'}" opacity="${round(0.05 + rand() * 0.08)}"/>`;
  }
  const waveY = round(380 + rand() * 80);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" role="img" aria-label="${post.title.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${style.bg[0]}"/><stop offset="1" stop-color="${style.bg[1]}"/></linearGradient></defs>`,
    `<rect width="1200" height="630" fill="url(#g)"/>`,
    bubbles,
    `<path d="M0 ${waveY}q300 -${round(60 + rand() * 60)} 600 0t600 0V630H0z" fill="#000" opacity=".12"/>`,
    `<g fill="${style.accent}" opacity=".5">${Array.from({ length: 5 }, (_, r) => Array.from({ length: 6 }, (_, c) => `<circle cx="${80 + c * 28}" cy="${80 + r * 28}" r="4"/>`).join('')).join('')}</g>`,
    motif(post.category, style.accent),
    tibebBand(0, 598, 1200, 32, ['#064e3b', style.accent, '#f8f5ec', '#9f1239']),
    '</svg>',
  ].join('');
}

function write(relative, content) {
  const file = path.join(publicDir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content + '\n');
  return content.length;
}

let count = 0;
let bytes = 0;
demoTutors.forEach((tutor, i) => {
  bytes += write(tutorImagePath(tutor.slug), portrait(tutor.fullName, tutor.avatar, i));
  count++;
});
for (const post of demoPosts) {
  bytes += write(blogCoverPath(post.slug), cover(post));
  count++;
}
bytes += write('/images/default-avatar.svg', defaultAvatar());
count++;
console.log(`wrote ${count} images (${Math.round(bytes / 1024)} KB) under apps/web/public/images`);
