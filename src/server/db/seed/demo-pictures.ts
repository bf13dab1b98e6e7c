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

const coffee = scene(`
<path d="M90 190 C280 230 470 300 720 430" stroke="#6b4a2b" stroke-width="13" fill="none" stroke-linecap="round"/>
${grid(6, (i) => {
  const x = 150 + i * 105;
  const y = 205 + i * 40 + (i > 3 ? (i - 3) * 12 : 0);
  const turn = 20 + i * 4;
  return `<g transform="translate(${x} ${y})">
    <g transform="rotate(${-turn})"><ellipse cx="0" cy="-58" rx="26" ry="62" fill="#3f7d3a"/><path d="M0 -4 V-112" stroke="#2d5f2a" stroke-width="3"/></g>
    <g transform="rotate(${180 - turn})"><ellipse cx="0" cy="-58" rx="26" ry="62" fill="#4f8f45"/><path d="M0 -4 V-112" stroke="#2d6a2a" stroke-width="3"/></g>
    ${grid(5, (c) => {
      const a = (c / 5) * Math.PI * 2;
      const cx = (Math.cos(a) * 20).toFixed(1);
      const cy = (Math.sin(a) * 14 + 4).toFixed(1);
      return `<circle cx="${cx}" cy="${cy}" r="16" fill="${(i + c) % 4 === 0 ? '#e0672b' : (i + c) % 3 ? '#b3261e' : '#c9402c'}"/><circle cx="${(Number(cx) - 5).toFixed(1)}" cy="${(Number(cy) - 6).toFixed(1)}" r="4" fill="#f3a58f" opacity="0.8"/>`;
    })}
  </g>`;
})}
<ellipse cx="610" cy="520" rx="150" ry="34" fill="#8a6a3d" opacity="0.3"/>
${grid(16, (i) => {
  const x = 500 + (i % 6) * 40 + (Math.floor(i / 6) % 2) * 20;
  const y = 520 - Math.floor(i / 6) * 22;
  return `<g transform="translate(${x} ${y}) rotate(${((i * 41) % 70) - 35})"><ellipse rx="19" ry="13" fill="#a9a27a" stroke="#737050" stroke-width="3"/><path d="M-12 0 C-4 -5 4 5 12 0" stroke="#737050" stroke-width="3" fill="none"/></g>`;
})}`);

const tea = scene(
  `
${grid(3, (row) =>
  grid(5 - row, (i) => {
    const x = 90 + row * 70 + i * 170;
    const y = 560 - row * 70;
    return `<ellipse cx="${x}" cy="${y}" rx="${110 - row * 14}" ry="${52 - row * 6}" fill="${row % 2 ? '#4f9a4a' : '#3f8a3c'}"/>
    ${grid(9, (l) => `<ellipse cx="${x - 80 + l * 20}" cy="${y - 40 + (l % 3) * 8}" rx="11" ry="6" transform="rotate(${l % 2 ? 30 : -30} ${x - 80 + l * 20} ${y - 40 + (l % 3) * 8})" fill="#79c25e"/>`)}`;
  }),
)}
<g transform="translate(420 230)">
  <path d="M-130 -20 H130 L100 120 H-100Z" fill="#c99a58" stroke="#94682f" stroke-width="5"/>
  ${grid(5, (i) => `<path d="M-120 ${8 + i * 24} H120" stroke="#a97a3d" stroke-width="4" transform="scale(${1 - i * 0.05} 1)"/>`)}
  ${grid(8, (i) => `<path d="M${-110 + i * 31} -20 L${-88 + i * 25} 120" stroke="#a97a3d" stroke-width="3"/>`)}
  ${grid(14, (i) => `<ellipse cx="${-110 + (i % 7) * 36}" cy="${-28 - Math.floor(i / 7) * 20}" rx="24" ry="12" transform="rotate(${((i * 37) % 60) - 30} ${-110 + (i % 7) * 36} ${-28 - Math.floor(i / 7) * 20})" fill="${i % 3 ? '#6cbf5a' : '#4f9a4a'}"/>`)}
  <path d="M-130 -20 C-120 -130 120 -130 130 -20" stroke="#94682f" stroke-width="8" fill="none"/>
</g>`,
  { field: '#b8d89a' },
);

const cashew = scene(
  `
${grid(3, (i) => {
  const x = 210 + i * 170;
  const y = 250 + (i % 2) * 40;
  return `<g transform="translate(${x} ${y}) rotate(${(i - 1) * 12})">
    <path d="M0 -150 V-80" stroke="#6b4a2b" stroke-width="8"/>
    <path d="M-50 -70 C-66 0 -44 80 0 86 C44 80 66 0 50 -70 C34 -98 -34 -98 -50 -70Z" fill="${i === 1 ? '#f2b632' : '#e8472f'}"/>
    <path d="M-30 -60 C-40 -10 -30 40 -12 70" stroke="#ffffff" stroke-width="6" fill="none" opacity="0.3"/>
    <path d="M-34 94 C-40 126 -8 142 8 132 C20 124 10 112 22 104 C38 94 32 76 10 78 C-10 80 -28 76 -34 94Z" fill="#8d7b68" stroke="#5f5244" stroke-width="3"/>
  </g>`;
})}
<ellipse cx="400" cy="520" rx="250" ry="40" fill="#8a6a3d" opacity="0.25"/>
${grid(14, (i) => {
  const x = 190 + (i % 7) * 62 + (i >= 7 ? 30 : 0);
  const y = i >= 7 ? 490 : 518;
  return `<g transform="translate(${x} ${y}) rotate(${((i * 53) % 80) - 40})"><path d="M-28 -6 C-32 18 -6 30 6 22 C16 16 8 6 18 0 C30 -8 26 -22 8 -20 C-8 -18 -24 -20 -28 -6Z" fill="#a8977f" stroke="#6f6150" stroke-width="3"/></g>`;
})}`,
  { field: '#dcd3a6' },
);

const cassava = scene(
  `
<ellipse cx="400" cy="480" rx="280" ry="60" fill="#7a5a36" opacity="0.3"/>
<path d="M400 200 V330" stroke="#8a6d45" stroke-width="16" stroke-linecap="round"/>
${grid(5, (i) => {
  const angle = -60 + i * 30;
  return `<g transform="translate(400 330) rotate(${angle})"><path d="M-26 0 C-32 80 -16 170 0 230 C16 170 32 80 26 0 C16 -10 -16 -10 -26 0Z" fill="#8a5a34" stroke="#5f3c20" stroke-width="4"/><path d="M-14 40 C-6 44 6 44 14 40 M-12 100 C-4 104 4 104 12 100 M-8 160 C-2 163 2 163 8 160" stroke="#5f3c20" stroke-width="3" fill="none"/></g>`;
})}
<g transform="translate(640 470)">
  <path d="M-120 -26 H20 V26 H-120 C-150 26 -150 -26 -120 -26Z" fill="#8a5a34" stroke="#5f3c20" stroke-width="4"/>
  <ellipse cx="20" cy="0" rx="22" ry="26" fill="#f4eedf" stroke="#d9cdb0" stroke-width="6"/>
  <circle cx="20" cy="0" r="5" fill="#d9cdb0"/>
</g>
<g transform="translate(170 480)">
  <ellipse cx="0" cy="0" rx="46" ry="30" fill="#f4eedf" stroke="#8a5a34" stroke-width="8"/>
  <circle cx="0" cy="0" r="7" fill="#d9cdb0"/>
</g>`,
  { field: '#d3cf9f' },
);

const tomatoes = scene(`
<g transform="translate(400 380)">
  ${grid(11, (i) => {
    const row = i < 5 ? 0 : i < 9 ? 1 : 2;
    const inRow = row === 0 ? i : row === 1 ? i - 5 : i - 9;
    const x = -180 + inRow * 90 + row * 45;
    const y = -30 - row * 62;
    return `<g transform="translate(${x} ${y})"><circle r="50" fill="${i % 4 === 3 ? '#e0452f' : '#d9322b'}"/><ellipse cx="-18" cy="-20" rx="14" ry="9" fill="#f28b7d" opacity="0.7"/><path d="M0 -46 l10 -14 l2 16 l16 -4 l-12 12 l12 10 l-18 -2 l-6 14 l-4 -16 l-16 6 l10 -12 l-12 -10 l16 0Z" fill="#3f7d36"/></g>`;
  })}
  <path d="M-250 0 H250 L230 150 H-230Z" fill="#c08a4e" stroke="#8a5c2a" stroke-width="6"/>
  <path d="M-244 50 H244 M-238 100 H238" stroke="#8a5c2a" stroke-width="5"/>
  <path d="M-170 0 V150 M0 0 V150 M170 0 V150" stroke="#a87438" stroke-width="5"/>
</g>
${grid(2, (i) => `<g transform="translate(${110 + i * 600} ${520 - i * 10})"><circle r="40" fill="#d9322b"/><ellipse cx="-14" cy="-16" rx="11" ry="7" fill="#f28b7d" opacity="0.7"/><path d="M-10 -38 l10 -10 l10 10 M0 -40 v-12" stroke="#3f7d36" stroke-width="6" fill="none"/></g>`)}`);

const onions = scene(
  `
<ellipse cx="400" cy="480" rx="270" ry="55" fill="#7a5a36" opacity="0.25"/>
${grid(7, (i) => {
  const x = i < 4 ? 220 + i * 120 : 280 + (i - 4) * 120;
  const y = i < 4 ? 440 : 360;
  const tall = i === 5;
  return `<g transform="translate(${x} ${y}) rotate(${((i * 31) % 30) - 15})">
    ${tall ? '<path d="M-6 -60 C-20 -150 -30 -210 -40 -260 M0 -60 C6 -160 10 -220 20 -270 M6 -60 C30 -140 50 -190 70 -230" stroke="#5f9a3c" stroke-width="10" fill="none" stroke-linecap="round"/>' : '<path d="M0 -60 C-2 -76 4 -86 0 -96" stroke="#b88b5a" stroke-width="5" fill="none"/>'}
    <path d="M0 -64 C-10 -44 -62 -32 -62 10 C-62 52 -26 66 0 66 C26 66 62 52 62 10 C62 -32 10 -44 0 -64Z" fill="${i % 3 === 2 ? '#b04a6a' : '#9e3b5b'}" stroke="#742542" stroke-width="3"/>
    <path d="M-6 -56 C-36 -30 -44 20 -22 62 M6 -56 C36 -30 44 20 22 62 M0 -60 V64" stroke="#c76a8a" stroke-width="3" fill="none"/>
    <path d="M-10 66 l-6 14 M0 66 v16 M10 66 l6 14" stroke="#d9c7a8" stroke-width="3"/>
  </g>`;
})}`,
  { field: '#d9d2a4' },
);

const plantain = scene(`
${grid(2, (hand) => {
  const x = hand ? 250 : 170;
  const y = hand ? 470 : 400;
  return `<g transform="translate(${x} ${y})">
    ${grid(5, (f) => {
      const turn = -34 + f * 12;
      return `<g transform="rotate(${turn})"><path d="M0 0 C70 34 230 30 330 -40 C340 -50 330 -62 316 -56 C220 -6 90 -4 0 -30Z" fill="${(hand + f) % 2 ? '#8fbf3f' : '#a7cf4f'}" stroke="#5f8a2a" stroke-width="4"/><path d="M316 -52 l16 -10" stroke="#4a3b22" stroke-width="10" stroke-linecap="round"/></g>`;
    })}
    <path d="M-30 10 C-10 20 10 0 0 -28 C-14 -36 -34 -24 -30 10Z" fill="#6d7a3a"/>
    <path d="M-28 0 C-70 20 -90 60 -96 110" stroke="#6d7a3a" stroke-width="20" fill="none" stroke-linecap="round"/>
  </g>`;
})}`);

const yams = scene(
  `
<ellipse cx="400" cy="480" rx="280" ry="60" fill="#7a5a36" opacity="0.3"/>
${grid(4, (i) => {
  const x = 400 + (i - 1.5) * 120;
  const y = 440 - (i % 2) * 30;
  return `<g transform="translate(${x} ${y}) rotate(${-70 + i * 12})">
    <path d="M-170 -8 C-170 -44 -60 -58 40 -52 C120 -46 160 -30 160 2 C160 36 110 52 30 52 C-70 52 -170 30 -170 -8Z" fill="${i % 2 ? '#7a5532' : '#6b4a2b'}" stroke="#4a321c" stroke-width="4"/>
    ${grid(10, (d) => `<circle cx="${-140 + d * 30}" cy="${((d * 17) % 50) - 25}" r="4" fill="#4a321c"/>`)}
  </g>`;
})}
<g transform="translate(640 500)">
  <ellipse cx="0" cy="0" rx="70" ry="40" fill="#f3e9cf" stroke="#6b4a2b" stroke-width="10"/>
  ${grid(6, (d) => `<circle cx="${-30 + d * 12}" cy="${((d * 13) % 20) - 10}" r="3" fill="#e0d2ab"/>`)}
</g>`,
  { field: '#d6cc9a' },
);

const sack = scene(
  `
<g transform="translate(380 340)">
  <path d="M-150 -120 C-180 -20 -175 120 -150 190 H150 C175 120 180 -20 150 -120Z" fill="#c9a86a" stroke="#8f733f" stroke-width="6"/>
  ${grid(9, (i) => `<path d="M-160 ${-80 + i * 32} C-60 ${-70 + i * 32} 60 ${-70 + i * 32} 160 ${-80 + i * 32}" stroke="#b08f52" stroke-width="3" fill="none"/>`)}
  ${grid(8, (i) => `<path d="M${-130 + i * 37} -120 V190" stroke="#b08f52" stroke-width="2"/>`)}
  <path d="M-150 -120 C-170 -150 -110 -170 -60 -150 C0 -175 80 -170 150 -120 C80 -100 -80 -100 -150 -120Z" fill="#a98a4c" stroke="#8f733f" stroke-width="5"/>
  <path d="M-140 -122 C-80 -200 80 -200 140 -122 C80 -104 -80 -104 -140 -122Z" fill="#ecdcae"/>
  ${grid(40, (i) => {
    const a = (i / 40) * Math.PI * 2 * 3;
    const r = 20 + (i % 10) * 11;
    return `<ellipse cx="${(Math.cos(a) * r).toFixed(1)}" cy="${(-140 + Math.sin(a) * r * 0.25).toFixed(1)}" rx="6" ry="4" fill="#d9c58c"/>`;
  })}
</g>
<g transform="translate(620 500)">
  <path d="M-70 -40 H70 L60 30 H-60Z" fill="#c2c7cc" stroke="#7d8790" stroke-width="5"/>
  <path d="M70 -20 H130" stroke="#7d8790" stroke-width="12" stroke-linecap="round"/>
  <path d="M-66 -40 C-40 -80 40 -80 66 -40Z" fill="#ecdcae"/>
  ${grid(12, (i) => `<ellipse cx="${-50 + i * 9}" cy="${-48 - (i % 3) * 6}" rx="5" ry="3.5" fill="#d9c58c"/>`)}
</g>`,
  { field: '#d9d4a6' },
);

const palmOil = scene(`
<g transform="translate(330 330)">
  <path d="M-120 -150 H60 L90 -120 V170 H-120Z" fill="#f1c40f" stroke="#b7950b" stroke-width="6"/>
  <path d="M20 -150 V-200 H70 V-130" fill="#f4d03f" stroke="#b7950b" stroke-width="6"/>
  <rect x="14" y="-226" width="62" height="30" rx="6" fill="#d35400"/>
  <path d="M-120 -150 C-160 -150 -170 -110 -140 -90" stroke="#b7950b" stroke-width="14" fill="none" stroke-linecap="round"/>
  <rect x="-90" y="-60" width="150" height="170" rx="18" fill="#e67e22" opacity="0.9"/>
  <path d="M-15 -30 C-50 20 -40 70 -15 70 C10 70 20 20 -15 -30Z" fill="#f8c471"/>
</g>
<g transform="translate(600 450)">
  <ellipse cx="0" cy="40" rx="130" ry="30" fill="#6b4a2b" opacity="0.35"/>
  ${grid(17, (i) => {
    const row = i < 6 ? 0 : i < 11 ? 1 : i < 15 ? 2 : 3;
    const start = [0, 6, 11, 15][row];
    const count = [6, 5, 4, 2][row];
    const x = (i - start - (count - 1) / 2) * 40;
    const y = 20 - row * 34;
    return `<g transform="translate(${x} ${y})"><ellipse rx="22" ry="28" fill="${i % 3 ? '#c0392b' : '#e67e22'}"/><ellipse cy="-16" rx="14" ry="12" fill="#2c1e12"/></g>`;
  })}
</g>`);

const sprayer = scene(`
<g transform="translate(330 300)">
  <rect x="-110" y="-170" width="220" height="300" rx="60" fill="#e8a900" stroke="#a57800" stroke-width="6"/>
  <rect x="-80" y="-120" width="160" height="90" rx="20" fill="#f7d35c"/>
  <rect x="-40" y="-200" width="80" height="40" rx="10" fill="#2f6fa3"/>
  <path d="M-90 -150 C-150 -60 -150 60 -90 120 M90 -150 C150 -60 150 60 90 120" stroke="#3a3a3a" stroke-width="14" fill="none"/>
  <path d="M110 60 C200 80 240 40 300 -20" stroke="#2f2f2f" stroke-width="12" fill="none"/>
  <path d="M-110 -120 L-200 -200" stroke="#4a4a4a" stroke-width="12" stroke-linecap="round"/>
  <circle cx="-200" cy="-200" r="14" fill="#2f2f2f"/>
</g>
<g transform="translate(630 280) rotate(-35)">
  <rect x="-10" y="-40" width="150" height="14" rx="6" fill="#7d8790"/>
  <path d="M140 -48 L175 -60 V-6 L140 -20Z" fill="#4a4a4a"/>
</g>
${grid(22, (i) => {
  const a = -0.9 + (i % 11) * 0.09;
  const r = 60 + Math.floor(i / 11) * 50 + (i % 3) * 8;
  return `<circle cx="${(760 + Math.cos(a) * r - 40).toFixed(1)}" cy="${(150 + Math.sin(a) * r + 10).toFixed(1)}" r="${5 - Math.floor(i / 11) * 1.5}" fill="#7fb8d8" opacity="0.8"/>`;
})}`);

const pump = scene(`
<ellipse cx="170" cy="520" rx="150" ry="46" fill="#6fa8dc" opacity="0.8"/>
<path d="M120 510 C100 420 170 380 260 380" stroke="#2c3e50" stroke-width="22" fill="none" stroke-linecap="round"/>
<g transform="translate(410 360)">
  <path d="M-140 100 V-60 H160 V100" fill="none" stroke="#c0392b" stroke-width="14" stroke-linejoin="round"/>
  <rect x="-110" y="-20" width="150" height="110" rx="14" fill="#7d8790" stroke="#4d565e" stroke-width="5"/>
  ${grid(5, (i) => `<rect x="-100" y="${-10 + i * 20}" width="130" height="8" rx="3" fill="#5d666e"/>`)}
  <rect x="-80" y="-110" width="130" height="70" rx="20" fill="#e8a900" stroke="#a57800" stroke-width="5"/>
  <rect x="-24" y="-126" width="30" height="20" rx="5" fill="#2f2f2f"/>
  <circle cx="100" cy="30" r="56" fill="#c0392b" stroke="#8e2a20" stroke-width="6"/>
  <circle cx="100" cy="30" r="18" fill="#8e2a20"/>
  <path d="M-150 100 H170" stroke="#8e2a20" stroke-width="12" stroke-linecap="round"/>
</g>
<path d="M540 380 C620 380 660 330 700 250" stroke="#2c3e50" stroke-width="22" fill="none" stroke-linecap="round"/>
${grid(18, (i) => `<circle cx="${(705 + (i % 6) * 10 - 20 + Math.floor(i / 6) * 16).toFixed(1)}" cy="${(240 - (i % 6) * 22 + Math.floor(i / 6) * 6).toFixed(1)}" r="${7 - (i % 6)}" fill="#6fa8dc"/>`)}`);

const seedlings = scene(`
${grid(5, (i) => {
  // The back row first (between the front pots), so the front row stands before it.
  const back = i < 2;
  const x = back ? 305 + i * 190 : 210 + (i - 2) * 190;
  const y = back ? 360 : 470;
  const scale = back ? 0.85 : 1;
  return `<g transform="translate(${x} ${y}) scale(${scale})">
    <path d="M-70 -40 H70 L58 80 H-58Z" fill="#2d2d2d"/>
    <ellipse cx="0" cy="-40" rx="70" ry="16" fill="#5a4028"/>
    <path d="M0 -44 C2 -90 -2 -130 0 -160" stroke="#3f7d36" stroke-width="8" fill="none"/>
    <path d="M0 -100 C-60 -100 -80 -140 -80 -170 C-30 -170 0 -140 0 -100Z" fill="#5fa04c"/>
    <path d="M0 -120 C50 -120 76 -150 80 -180 C34 -184 4 -156 0 -120Z" fill="#4b8f3d"/>
    <path d="M0 -150 C-24 -170 -20 -200 0 -210 C20 -200 24 -170 0 -150Z" fill="#79c25e"/>
  </g>`;
})}`);

const agrochemical = scene(`
<g transform="translate(360 330)">
  <path d="M-130 -130 H70 L110 -90 V170 H-130Z" fill="#f4f6f7" stroke="#7d8b94" stroke-width="6"/>
  <path d="M30 -130 V-180 H90 V-110" fill="#f4f6f7" stroke="#7d8b94" stroke-width="6"/>
  <rect x="24" y="-206" width="72" height="30" rx="6" fill="#2f7a4a"/>
  <path d="M-130 -130 C-180 -130 -190 -80 -150 -60" stroke="#7d8b94" stroke-width="16" fill="none" stroke-linecap="round"/>
  <rect x="-100" y="-60" width="180" height="170" rx="16" fill="#2f7a4a"/>
  <path d="M-50 70 C-50 10 0 -20 40 -20 C40 40 0 70 -50 70Z" fill="#bfe3a6"/>
  <path d="M-50 70 C-20 40 0 20 20 0" stroke="#2f7a4a" stroke-width="4" fill="none"/>
  <path d="M30 20 C10 50 16 76 34 76 C52 76 58 50 30 20Z" fill="#7fb8d8"/>
</g>
<g transform="translate(610 440)">
  <rect x="-45" y="-80" width="90" height="150" rx="20" fill="#e8a900" stroke="#a57800" stroke-width="5"/>
  <rect x="-20" y="-110" width="40" height="34" rx="6" fill="#2f2f2f"/>
  <rect x="-32" y="-40" width="64" height="70" rx="10" fill="#fdf2c8"/>
  <path d="M0 -28 C-18 0 -12 20 0 20 C12 20 18 0 0 -28Z" fill="#2f7a4a"/>
</g>`);

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
  coffee,
  tea,
  cashew,
  cassava,
  tomatoes,
  onions,
  plantain,
  yams,
  sack,
  palmOil,
  sprayer,
  pump,
  seedlings,
  agrochemical,
} as const;
export type DemoPicture = keyof typeof DEMO_PICTURES;
