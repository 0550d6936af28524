/**
 * Canvas colours from the VS Code theme. A canvas cannot use CSS variables, so the values of the
 * `--vscode-*` variables are read with getComputedStyle and re-read when VS Code switches theme
 * (it toggles vscode-light / vscode-dark / vscode-high-contrast classes on <body>).
 */

/** Colour role → the `--vscode-*` variables tried in order (the last one is always defined by VS Code). */
const ROLES = {
  red: ['--vscode-charts-red', '--vscode-errorForeground', '--vscode-foreground'],
  green: ['--vscode-charts-green', '--vscode-foreground'],
  blue: ['--vscode-charts-blue', '--vscode-foreground'],
  yellow: ['--vscode-charts-yellow', '--vscode-foreground'],
  orange: ['--vscode-charts-orange', '--vscode-foreground'],
  purple: ['--vscode-charts-purple', '--vscode-foreground'],
  chartsForeground: ['--vscode-charts-foreground', '--vscode-foreground'],
  chartsLines: ['--vscode-charts-lines', '--vscode-panel-border', '--vscode-foreground'],
  foreground: ['--vscode-editor-foreground', '--vscode-foreground'],
  muted: ['--vscode-descriptionForeground', '--vscode-foreground'],
  background: ['--vscode-editor-background', '--vscode-sideBar-background'],
  border: ['--vscode-panel-border', '--vscode-widget-border', '--vscode-contrastBorder', '--vscode-foreground'],
  cursor: ['--vscode-editorCursor-foreground', '--vscode-focusBorder', '--vscode-foreground'],
  focus: ['--vscode-focusBorder', '--vscode-foreground'],
  selection: ['--vscode-editor-selectionBackground', '--vscode-focusBorder'],
  outside: ['--vscode-editor-inactiveSelectionBackground', '--vscode-editorWidget-background', '--vscode-editor-background'],
  laneBackground: ['--vscode-editorWidget-background', '--vscode-editor-background'],
  grid: ['--vscode-editorIndentGuide-background1', '--vscode-editorIndentGuide-background', '--vscode-panel-border', '--vscode-foreground'],
  highContrastBorder: ['--vscode-contrastBorder'],
} as const;

export type ColorRole = keyof typeof ROLES;
export type ThemeColors = Record<ColorRole, string> & {
  kind: 'light' | 'dark' | 'high-contrast' | 'high-contrast-light';
  /** The element's font family (VS Code's UI font), for canvas text. */
  fontFamily: string;
};

/** Reads every role and the font family from the computed style of `element` (default <body>). */
export function readThemeColors(element: Element = document.body): ThemeColors {
  const cs = getComputedStyle(element);
  const out = {} as Record<ColorRole, string>;
  for (const role of Object.keys(ROLES) as ColorRole[]) {
    let value = '';
    for (const name of ROLES[role]) {
      value = cs.getPropertyValue(name).trim();
      if (value) break;
    }
    // Not in a VS Code webview (no variables at all): the element's own text colour.
    out[role] = value || cs.color || 'CanvasText';
  }
  const cl = document.body.classList;
  const kind = cl.contains('vscode-high-contrast-light')
    ? 'high-contrast-light'
    : cl.contains('vscode-high-contrast')
      ? 'high-contrast'
      : cl.contains('vscode-light')
        ? 'light'
        : 'dark';
  return Object.assign(out, { kind, fontFamily: cs.fontFamily || 'sans-serif' }) as ThemeColors;
}

/** Calls `onChange` after VS Code switches theme (body class or style changes). Returns a disposer. */
export function watchTheme(onChange: () => void): () => void {
  let pending = 0;
  const observer = new MutationObserver(() => {
    if (pending) return;
    // Coalesce: VS Code rewrites the class and the variables in one task.
    pending = requestAnimationFrame(() => {
      pending = 0;
      onChange();
    });
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ['class', 'data-vscode-theme-kind'] });
  // VS Code puts the variables in a style attribute on <html>: watch that too.
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['style', 'class'] });
  return () => {
    observer.disconnect();
    if (pending) cancelAnimationFrame(pending);
  };
}

/** Channel / axis → colour role: x/r/s red, y/g/t green, z/b/q blue, a purple, matrix elements six hues. */
export function axisColorRole(axis: string): ColorRole {
  switch (axis) {
    case 'x':
    case 'r':
    case 's':
    case 'm00':
      return 'red';
    case 'y':
    case 'g':
    case 't':
    case 'm11':
      return 'green';
    case 'z':
    case 'b':
    case 'q':
    case 'm02':
      return 'blue';
    case 'm01':
      return 'orange';
    case 'm10':
      return 'yellow';
    case 'a':
    case 'm12':
      return 'purple';
    default:
      return 'chartsForeground';
  }
}

/** A CSS colour with an alpha multiplier (canvas fillStyle/strokeStyle), via globalAlpha by the caller when possible. */
export function withAlpha(ctx: CanvasRenderingContext2D, alpha: number, draw: () => void): void {
  const prev = ctx.globalAlpha;
  ctx.globalAlpha = prev * alpha;
  draw();
  ctx.globalAlpha = prev;
}
