/** The landing page's stylesheet: system fonts only, so nothing is fetched from a font CDN. */
export const LANDING_CSS = `
:root { --ink: #10193a; --muted: #4a5573; --accent: #1f4ed8; --line: #dde3f0; --code: #f4f6fb; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); }
.wrap { max-width: 1080px; margin: 0 auto; padding: 0 24px; }
header { background: linear-gradient(135deg, #10193a, #1f4ed8); color: #fff; padding: 48px 0 40px; }
header h1 { margin: 0; font-size: 44px; letter-spacing: -0.02em; }
.lead { font-size: 19px; max-width: 720px; opacity: 0.95; }
nav { display: flex; gap: 12px; flex-wrap: wrap; margin-top: 20px; }
.button { display: inline-block; padding: 10px 18px; border-radius: 8px; background: #fff; color: var(--accent);
  font-weight: 600; text-decoration: none; }
.button:hover { background: #e8eeff; }
h2 { margin-top: 44px; border-bottom: 1px solid var(--line); padding-bottom: 6px; }
a { color: var(--accent); }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(280px, 1fr)); gap: 16px; }
.card { border: 1px solid var(--line); border-radius: 10px; padding: 4px 20px 8px; }
.card h3 a { text-decoration: none; }
.meta { color: var(--muted); font-size: 14px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: 8px 10px; border-bottom: 1px solid var(--line); }
td:first-child { white-space: nowrap; }
code { font: 14px/1.5 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
:not(pre) > code { background: var(--code); padding: 1px 5px; border-radius: 4px; }
pre { background: #0f172a; color: #e2e8f0; padding: 16px 18px; border-radius: 10px; overflow-x: auto; }
ol li { margin-bottom: 8px; }
footer { color: var(--muted); margin: 48px auto 24px; font-size: 14px; }
`;
