/**
 * Drawings for the demo lots, one per kind of produce, input or machine: light SVG scenes (a sky, a field and the
 * subject) that the demo seed rasterises and stores as ordinary lot photos (src/server/db/seed/demo-photos.ts).
 * No text in the drawings: they read the same in every language. 800 × 600, drawn at twice that size.
 */

export const PICTURE_WIDTH = 800;
export const PICTURE_HEIGHT = 600;

/** Points around an ellipse, for kernels, grains and speckles placed by rule rather than by hand. */
function grid(count: number, place: (index: number) => string): string {
  return Array.from({ length: count }, (_, index) => place(index)).join('');
}

/** The shared scene: a soft sky, a sun and a field, around the subject. */
function scene(subject: string, { sky = '#e7f2e4', field = '#cfe2b0', sun = '#f6d67a' } = {}): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE_WIDTH}" height="${PICTURE_HEIGHT}" viewBox="0 0 800 600">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#fbfaf5"/></linearGradient></defs>
<rect width="800" height="600" fill="url(#sky)"/>
<circle cx="590" cy="125" r="50" fill="${sun}" opacity="0.85"/>
<path d="M0 430 C160 395 300 425 430 410 S690 390 800 405 V600 H0Z" fill="${field}"/>
<path d="M0 500 C200 470 420 505 800 480 V600 H0Z" fill="#b9d394" opacity="0.7"/>
${subject}
</svg>`;
}

const maize = scene(`
<g transform="translate(440 320) rotate(-18)">
  <path d="M-40 170 C-120 90 -110 -60 -60 -190 C-70 -60 -30 60 0 170Z" fill="#7fae4a"/>
  <path d="M40 170 C120 90 110 -60 60 -190 C70 -60 30 60 0 170Z" fill="#6a9a3c"/>
  <ellipse cx="0" cy="-10" rx="62" ry="175" fill="#f3c94b"/>
  ${grid(84, (i) => {
    const row = Math.floor(i / 7);
    const col = i % 7;
    const y = -160 + row * 27;
    const spread = Math.sin(((row + 0.5) / 12) * Math.PI) * 52;
    const x = -spread + (col * spread * 2) / 6;
    return `<ellipse cx="${x.toFixed(1)}" cy="${y}" rx="9" ry="11" fill="#f8dc74" stroke="#d9a928" stroke-width="2"/>`;
  })}
  <path d="M-30 170 C-90 60 -80 -20 -66 -90 C-40 0 -20 90 0 170Z" fill="#8fc05a"/>
  <path d="M30 170 C90 60 80 -20 66 -90 C40 0 20 90 0 170Z" fill="#79ad48"/>
  <path d="M-6 -185 C-20 -230 10 -250 4 -290 M6 -185 C20 -225 40 -240 36 -275" stroke="#c8963e" stroke-width="5" fill="none"/>
</g>`);

const rice = scene(
  `
${grid(7, (i) => {
  const x = 170 + i * 75;
  const lean = (i % 2 ? 1 : -1) * 20;
  return `<path d="M${x} 560 C${x} 430 ${x + lean} 330 ${x + lean * 3} 250" stroke="#7a9a3a" stroke-width="6" fill="none"/>
  ${grid(9, (g) => `<ellipse cx="${x + lean * 3 + (g % 2 ? 12 : -12) + g * 3}" cy="${255 + g * 17}" rx="8" ry="14" transform="rotate(${g % 2 ? 25 : -25} ${x + lean * 3 + g * 3} ${255 + g * 17})" fill="#e9c66b" stroke="#b8912f" stroke-width="2"/>`)}`;
})}
<path d="M120 560 C260 520 540 520 680 560Z" fill="#8fb4c9" opacity="0.6"/>`,
  { field: '#bcd9a0' },
);

const cocoa = scene(`
<g transform="translate(330 320) rotate(-25)">
  <clipPath id="pod"><ellipse cx="0" cy="0" rx="95" ry="175"/></clipPath>
  <ellipse cx="0" cy="0" rx="95" ry="175" fill="#c9782b"/>
  <g clip-path="url(#pod)">${grid(6, (i) => `<path d="M${-75 + i * 30} -175 C${-95 + i * 38} -40 ${-95 + i * 38} 40 ${-75 + i * 30} 175" stroke="#9c5418" stroke-width="5" fill="none"/>`)}</g>
  <path d="M0 -175 C-10 -200 -4 -225 12 -240" stroke="#6b4a1f" stroke-width="10" fill="none"/>
</g>
<g transform="translate(560 400)">
  <ellipse cx="0" cy="40" rx="150" ry="40" fill="#8a5a2b" opacity="0.35"/>
  ${grid(11, (i) => {
    const x = -110 + (i % 6) * 44 + (i > 5 ? 22 : 0);
    const y = i > 5 ? -8 : 22;
    return `<ellipse cx="${x}" cy="${y}" rx="24" ry="15" fill="#6e3d1c" stroke="#4b2812" stroke-width="3"/><path d="M${x - 14} ${y} H${x + 14}" stroke="#8e5a30" stroke-width="2"/>`;
  })}
</g>`);

const sorghum = scene(`
${grid(3, (s) => {
  const x = 260 + s * 140;
  const top = 190 + (s % 2) * 40;
  return `<path d="M${x} 580 C${x - 6} 450 ${x + 6} 330 ${x} ${top + 60}" stroke="#86a54a" stroke-width="9" fill="none"/>
  <path d="M${x} 450 C${x - 70} 420 ${x - 110} 380 ${x - 130} 330 C${x - 80} 370 ${x - 40} 400 ${x} 430Z" fill="#93b658"/>
  <path d="M${x} 380 C${x + 60} 350 ${x + 100} 320 ${x + 120} 270 C${x + 70} 310 ${x + 40} 340 ${x} 360Z" fill="#86a54a"/>
  ${grid(38, (g) => {
    const row = Math.floor(g / 5);
    const col = g % 5;
    const spread = 14 + Math.sin((row / 8) * Math.PI) * 24;
    return `<circle cx="${(x - spread + (col * spread * 2) / 4).toFixed(1)}" cy="${top + row * 12}" r="9" fill="${g % 3 ? '#b0452a' : '#c65a36'}"/>`;
  })}`;
})}`);

const groundnuts = scene(
  `
<ellipse cx="400" cy="470" rx="260" ry="60" fill="#9b7440" opacity="0.3"/>
${grid(13, (i) => {
  const x = 200 + (i % 5) * 95 + (i >= 5 ? 45 : 0) - (i >= 10 ? 90 : 0);
  const y = i < 5 ? 450 : i < 10 ? 395 : 340;
  const turn = ((i * 37) % 60) - 30;
  return `<g transform="translate(${x} ${y}) rotate(${turn})"><path d="M-48 0 C-48 -28 -18 -32 -6 -16 C6 -30 48 -28 48 0 C48 28 6 30 -6 16 C-18 32 -48 28 -48 0Z" fill="#d9ad6c" stroke="#a97a3d" stroke-width="3"/><path d="M-30 -8 L-24 8 M20 -10 L26 6 M-2 -14 L2 12" stroke="#b88b4e" stroke-width="2"/></g>`;
})}`,
  { field: '#e0d3a8' },
);

const beans = scene(
  `
<ellipse cx="400" cy="455" rx="270" ry="70" fill="#8b5a3c" opacity="0.25"/>
${grid(34, (i) => {
  const row = Math.floor(i / 9);
  const x = 170 + (i % 9) * 55 + (row % 2) * 26 + row * 8;
  const y = 450 - row * 44;
  const turn = ((i * 53) % 90) - 45;
  return `<g transform="translate(${x} ${y}) rotate(${turn})"><ellipse rx="30" ry="19" fill="${i % 4 ? '#c9727f' : '#b5545f'}"/><path d="M-14 -6 q6 -4 10 2 M4 6 q8 -2 12 4 M-6 10 q2 -6 8 -6" stroke="#7d2c38" stroke-width="3" fill="none"/><ellipse cx="-3" cy="-13" rx="9" ry="3" fill="#f4e3d8"/></g>`;
})}`,
  { field: '#dcd8b0' },
);

const potatoes = scene(
  `
<ellipse cx="400" cy="470" rx="260" ry="55" fill="#7a5a36" opacity="0.3"/>
${grid(9, (i) => {
  const x = i >= 8 ? 400 : 230 + (i % 4) * 110 + (i >= 4 ? 55 : 0);
  const y = i < 4 ? 440 : i < 8 ? 370 : 305;
  return `<g transform="translate(${x} ${y}) rotate(${((i * 29) % 40) - 20})"><path d="M-62 0 C-66 -34 -20 -46 10 -40 C50 -34 70 -10 64 10 C58 38 10 44 -20 40 C-50 36 -60 22 -62 0Z" fill="#d6b07a" stroke="#a98150" stroke-width="3"/><circle cx="-20" cy="-10" r="4" fill="#a98150"/><circle cx="24" cy="6" r="3.5" fill="#a98150"/><circle cx="2" cy="22" r="3" fill="#a98150"/></g>`;
})}`,
  { field: '#d9cfa3' },
);

const seeds = scene(`
<g transform="translate(400 330)">
  <path d="M-120 -170 H120 L135 170 H-135Z" fill="#f7f1de" stroke="#9a8a5a" stroke-width="5"/>
  <path d="M-120 -170 L-100 -200 H100 L120 -170" fill="#e8dcb6" stroke="#9a8a5a" stroke-width="5"/>
  <rect x="-95" y="-130" width="190" height="170" rx="14" fill="#dff0d2"/>
  <path d="M0 20 C0 -20 0 -50 0 -70" stroke="#3f7d36" stroke-width="8" fill="none"/>
  <path d="M0 -40 C-50 -40 -70 -80 -70 -110 C-30 -110 0 -80 0 -40Z" fill="#5fa04c"/>
  <path d="M0 -60 C40 -60 66 -90 70 -120 C30 -122 4 -96 0 -60Z" fill="#4b8f3d"/>
  <ellipse cx="0" cy="28" rx="70" ry="14" fill="#8a6a3d"/>
  ${grid(9, (i) => `<ellipse cx="${-72 + i * 18}" cy="${110 + (i % 2) * 14}" rx="8" ry="11" fill="#e0b84c" stroke="#b08a2a" stroke-width="2"/>`)}
</g>`);

const fertilizer = scene(`
<g transform="translate(380 330)">
  <path d="M-130 -160 C-150 -60 -150 80 -140 170 H140 C150 80 150 -60 130 -160 C60 -180 -60 -180 -130 -160Z" fill="#eef2f4" stroke="#7d8b94" stroke-width="5"/>
  <path d="M-132 -150 C-60 -168 60 -168 132 -150" stroke="#7d8b94" stroke-width="4" fill="none"/>
  <rect x="-95" y="-90" width="190" height="150" rx="16" fill="#2f7a4a"/>
  <path d="M-40 30 C-40 -30 10 -60 50 -60 C50 0 10 30 -40 30Z" fill="#bfe3a6"/>
  <path d="M-40 30 C-10 0 10 -20 30 -40" stroke="#2f7a4a" stroke-width="4" fill="none"/>
  <rect x="-95" y="80" width="190" height="30" rx="8" fill="#e8a900"/>
</g>
${grid(26, (i) => `<circle cx="${560 + (i % 7) * 22 + (i % 2) * 6}" cy="${470 - Math.floor(i / 7) * 16}" r="8" fill="${i % 3 ? '#f2f2ee' : '#d7dde2'}" stroke="#9aa6ad" stroke-width="2"/>`)}`);

const tractor = scene(`
<g transform="translate(380 300)">
  <rect x="-160" y="-20" width="230" height="90" rx="14" fill="#c8392b"/>
  <path d="M10 -20 V-150 H130 V70 H10Z" fill="#b02f23"/>
  <rect x="28" y="-132" width="84" height="78" rx="8" fill="#d6eef6" stroke="#6f8a94" stroke-width="4"/>
  <rect x="-120" y="-70" width="16" height="60" fill="#4a4a4a"/>
  <rect x="-170" y="20" width="40" height="30" rx="6" fill="#8e2a20"/>
  <circle cx="80" cy="110" r="105" fill="#2f2f2f"/>
  <circle cx="80" cy="110" r="60" fill="#e8a900"/>
  <circle cx="80" cy="110" r="22" fill="#6b5200"/>
  <circle cx="-110" cy="140" r="65" fill="#2f2f2f"/>
  <circle cx="-110" cy="140" r="34" fill="#e8a900"/>
  <circle cx="-110" cy="140" r="12" fill="#6b5200"/>
  ${grid(12, (i) => {
    const a = (i / 12) * Math.PI * 2;
    return `<rect x="${(80 + Math.cos(a) * 98 - 8).toFixed(1)}" y="${(110 + Math.sin(a) * 98 - 8).toFixed(1)}" width="16" height="16" fill="#1e1e1e" transform="rotate(${(a * 180) / Math.PI} ${(80 + Math.cos(a) * 98).toFixed(1)} ${(110 + Math.sin(a) * 98).toFixed(1)})"/>`;
  })}
</g>
<path d="M560 560 C600 520 700 520 760 560Z" fill="#9c7a4a" opacity="0.5"/>`);

const tiller = scene(`
<g transform="translate(400 330)">
  <path d="M-40 -30 L-230 -170" stroke="#4a4a4a" stroke-width="14" stroke-linecap="round"/>
  <path d="M-230 -170 L-260 -150 M-230 -170 L-210 -200" stroke="#2f2f2f" stroke-width="12" stroke-linecap="round"/>
  <rect x="-70" y="-70" width="150" height="90" rx="14" fill="#e07b1f"/>
  <rect x="-40" y="-110" width="80" height="44" rx="10" fill="#c2661a"/>
  <rect x="60" y="-60" width="60" height="24" rx="6" fill="#4a4a4a"/>
  <circle cx="0" cy="90" r="90" fill="#2f2f2f"/>
  <circle cx="0" cy="90" r="48" fill="#d9d9d0"/>
  <circle cx="0" cy="90" r="16" fill="#6d6d66"/>
  <path d="M90 40 H220 V120 H90" fill="none" stroke="#7a7a72" stroke-width="10"/>
  ${grid(5, (i) => `<path d="M${110 + i * 24} 120 v40 l12 10" stroke="#5e5e58" stroke-width="7" fill="none"/>`)}
</g>`);

const thresher = scene(`
<g transform="translate(400 320)">
  <rect x="-200" y="-120" width="330" height="190" rx="18" fill="#2f6fa3"/>
  <path d="M130 -80 L230 -30 V40 L130 40Z" fill="#275d89"/>
  <path d="M-160 -120 L-120 -210 H-20 L0 -120Z" fill="#3b82bd"/>
  <rect x="-170" y="-80" width="140" height="90" rx="10" fill="#d6eef6" stroke="#1f4f78" stroke-width="4"/>
  ${grid(6, (i) => `<path d="M${-160 + i * 22} 0 L${-140 + i * 22} -70" stroke="#1f4f78" stroke-width="4"/>`)}
  <circle cx="40" cy="-25" r="42" fill="#f0f4f7" stroke="#1f4f78" stroke-width="5"/>
  <circle cx="40" cy="-25" r="10" fill="#1f4f78"/>
  <circle cx="-130" cy="110" r="52" fill="#2f2f2f"/><circle cx="-130" cy="110" r="20" fill="#c9c9c0"/>
  <circle cx="90" cy="110" r="52" fill="#2f2f2f"/><circle cx="90" cy="110" r="20" fill="#c9c9c0"/>
</g>
${grid(22, (i) => `<ellipse cx="${640 + (i % 6) * 18}" cy="${470 - Math.floor(i / 6) * 14}" rx="7" ry="11" fill="#e9c66b" stroke="#b8912f" stroke-width="2"/>`)}`);

export const DEMO_PICTURES = {
  maize,
  rice,
  cocoa,
  sorghum,
  groundnuts,
  beans,
  potatoes,
  seeds,
  fertilizer,
  tractor,
  tiller,
  thresher,
} as const;
export type DemoPicture = keyof typeof DEMO_PICTURES;
