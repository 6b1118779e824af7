const replacements: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** For the few server-rendered pages (sign-in, errors): every interpolated value goes through here. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => replacements[char]!);
}
