/**
 * The toolbar's codicons as inline SVG, from @vscode/codicons' own sources (bundled as text). The
 * page used the whole icon font for five icons: 125 KB inlined into every page as a data: URL with
 * 650 rules of CSS, decoded while the page rendered, so the icons appeared ~40 ms after the first
 * frame and the header was laid out again. These paint with the text colour (`fill="currentColor"`).
 */
import fileBinary from '@vscode/codicons/src/icons/file-binary.svg';
import goToFile from '@vscode/codicons/src/icons/go-to-file.svg';
import graph from '@vscode/codicons/src/icons/graph.svg';
import json from '@vscode/codicons/src/icons/json.svg';
import link from '@vscode/codicons/src/icons/link.svg';

const SOURCES = { json, graph, 'go-to-file': goToFile, 'file-binary': fileBinary, link };

export type ToolbarIcon = keyof typeof SOURCES;

const parsed = new Map<ToolbarIcon, Element>();

/** A new element of the icon (decorative: hidden from assistive technology). */
export function toolbarIcon(name: ToolbarIcon): Element {
  let svg = parsed.get(name);
  if (!svg) {
    svg = new DOMParser().parseFromString(SOURCES[name], 'image/svg+xml').documentElement;
    parsed.set(name, svg);
  }
  const icon = document.importNode(svg, true);
  icon.setAttribute('class', 'as-icon');
  icon.setAttribute('aria-hidden', 'true');
  icon.setAttribute('focusable', 'false');
  return icon;
}
