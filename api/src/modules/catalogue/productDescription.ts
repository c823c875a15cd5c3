import MarkdownIt from 'markdown-it';

/**
 * A product's description is Markdown the admin writes; the shop shows it rendered. markdown-it with `html: false`
 * escapes any raw HTML (a <script> or an onerror attribute is shown as text, never run), and its link check refuses
 * javascript:, vbscript:, file: and data: URLs. Images are not rendered (a description does not pull pictures from
 * elsewhere: the product's images are its own, re-encoded by us); links open as plain external links.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: true }).disable(['image']);

const defaultLinkOpen = markdown.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  tokens[index]!.attrSet('rel', 'nofollow noopener noreferrer');
  return defaultLinkOpen(tokens, index, options, env, self);
};

/** The description's Markdown as safe HTML (empty for an empty description). */
export function renderProductDescription(source: string): string {
  return source.trim() === '' ? '' : markdown.render(source);
}
