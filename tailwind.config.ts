import type { Config } from 'tailwindcss';

/**
 * Tailwind 4 reads its theme from CSS (src/styles/global.css, where the daisyUI "mavuno" theme lives);
 * this file, loaded there with @config, names the sources to scan and the type scale.
 */
export default {
  content: ['./src/**/*.{astro,ts,tsx,md}'],
  theme: {
    extend: {
      fontFamily: {
        sans: ['system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'Noto Sans', 'Ubuntu', 'sans-serif'],
      },
      maxWidth: { page: '80rem' },
    },
  },
} satisfies Config;
