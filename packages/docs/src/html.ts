const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** A highlighted code block of `source` (trimmed and escaped) in language `lang`. */
export function codeBlock(source: string, lang = 'sh'): string {
  return `<pre><code class="language-${lang}">${escapeHtml(source.trim())}</code></pre>`;
}
