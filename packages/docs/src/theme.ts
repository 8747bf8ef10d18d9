/**
 * The specbound mark, inlined as a data URI so no page loads anything from elsewhere. Redoc
 * shows it at the top of each reference's sidebar (x-logo), linked back to the landing page.
 */
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="56" viewBox="0 0 240 56">
<rect x="2" y="6" width="44" height="44" rx="10" fill="#1f4ed8"/>
<path d="M15 20h18M15 28h12M15 36h18" stroke="#fff" stroke-width="4" stroke-linecap="round"/>
<text x="56" y="30" font-family="system-ui,sans-serif" font-size="24" font-weight="700" fill="#10193a">specbound</text>
<text x="56" y="48" font-family="system-ui,sans-serif" font-size="13" fill="#1f4ed8">&#8592; all docs</text>
</svg>`;

export const LOGO_DATA_URI = `data:image/svg+xml;base64,${Buffer.from(LOGO_SVG).toString('base64')}`;

/**
 * Redoc 3 shows only the code-sample languages listed here, keyed by label: the specbound sample
 * (every operation's `x-codeSamples` entry) first, then Redoc's generated curl and the payload.
 */
export const REDOC_OPTIONS = {
  codeSamples: {
    languages: [
      { lang: 'TypeScript', label: 'specbound' },
      { lang: 'curl', label: 'curl' },
      { lang: 'payload', label: 'Payload' },
    ],
  },
  jsonSamplesExpandLevel: 2,
};
