/**
 * Dev harness page for the curve components: decodes a sample in the page with decode(),
 * mounts PlayerCurves (Player + CurveView) and the group's preview (createPreview) beside it, and exposes
 * `window.harness` for the tests. URL: index.html?file=j3d/smg/TripodBossCore/Wait.btk&group=entry:0&theme=dark&clock=manual
 */
import { decode } from '../../../src/formats';
import type { AnimData } from '../../../src/kinds/registry';
import { describeGroup } from '../../../src/kinds/describe';
import { specFor } from '../../../src/kinds/registry';
import { listGroups, PlayerCurves } from '../../../webview/curves';
import { createPreview, Preview } from '../../../webview/preview';
import type { PlayerClock } from '../../../webview/player';
import { el } from '../../../webview/shared/dom';

interface ManualClock extends PlayerClock {
  advance(ms: number): void;
}

function manualClock(): ManualClock {
  let t = 0;
  let next = 1;
  const pending = new Map<number, () => void>();
  return {
    now: () => t,
    requestFrame(cb) {
      const id = next++;
      pending.set(id, cb);
      return id;
    },
    cancelFrame(id) {
      pending.delete(id);
    },
    // Advances time in ~16 ms frames, running the frame callbacks like rAF would.
    advance(ms: number) {
      let left = ms;
      while (left > 0) {
        const dt = Math.min(16, left);
        t += dt;
        left -= dt;
        const cbs = [...pending.values()];
        pending.clear();
        for (const cb of cbs) cb();
      }
    },
  };
}

const cspViolations: string[] = [];
document.addEventListener('securitypolicyviolation', (e) => cspViolations.push(`${e.violatedDirective}: ${e.blockedURI} ${e.sample}`));

const params = new URLSearchParams(location.search);
const file = params.get('file') ?? 'j3d/smg/TripodBossCore/Wait.btk';
document.body.classList.add(params.get('theme') === 'light' ? 'vscode-light' : 'vscode-dark');
const clock = params.get('clock') === 'manual' ? manualClock() : undefined;


async function main(): Promise<void> {
  const response = await fetch(params.get('url') ?? `samples/${file}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const t0 = performance.now();
  const decoded = decode(bytes, file.split('/').pop() ?? file);
  const decodeMs = performance.now() - t0;
  const anim = decoded.anim as AnimData;

  const bar = el('div', 'harness-bar');
  bar.append(el('span', 'harness-file', file));
  const picker = el('select');
  picker.setAttribute('aria-label', 'Group');
  const groups = listGroups(anim, 2000);
  for (const g of groups) {
    const o = el('option', undefined, g.label);
    o.value = g.key;
    picker.append(o);
  }
  bar.append(picker);
  const hover = el('div', 'harness-hover', 'Hover a key to see where its value is stored.');
  hover.setAttribute('aria-live', 'polite');
  const host = el('div', 'harness-row');
  const curvesHost = el('div', 'harness-curves');
  const previewHost = el('div', 'harness-preview');
  host.append(curvesHost, previewHost);
  document.body.append(bar, host, hover);
  let preview: Preview | null = null;

  const events: string[] = [];
  const panel = new PlayerCurves({
    fps: Number(params.get('fps') ?? 30),
    clock,
    onHoverKey: (t, k) => {
      hover.textContent = t && k ? `${t.path} · frame ${k.frame} · ${k.valuePath ?? `offset 0x${(k.valueOffset ?? 0).toString(16)}, ${k.valueSize ?? 0} bytes`}` : 'Hover a key to see where its value is stored.';
      events.push(`hover:${t ? t.path : 'none'}`);
    },
    onSelectKey: (t, k) => events.push(`select:${t.path}@${k.frame}`),
    onFrame: (f) => preview?.setFrame(f),
  }).mount(curvesHost);
  const show = (key: string): void => {
    const index = specFor(anim).groups.index(anim, key) ?? 0;
    const tracks = describeGroup(anim, index);
    preview?.dispose();
    preview = createPreview(anim, index, tracks);
    preview?.mount(previewHost);
    panel.show(anim, key, { tracks });
  };
  const initial = params.get('group') ?? groups[0]?.key;
  picker.value = initial;
  show(initial);
  picker.addEventListener('change', () => show(picker.value));

  (window as unknown as { harness: unknown }).harness = {
    panel,
    get preview() { return preview; },
    decoded,
    anim,
    decodeMs,
    events,
    clock,
    cspViolations,
    setTheme(kind: 'light' | 'dark') {
      document.body.classList.remove('vscode-light', 'vscode-dark');
      document.body.classList.add(`vscode-${kind}`);
    },
    show(key: string) {
      picker.value = key;
      show(key);
    },
  };
  document.body.dataset.ready = 'true';
}

main().catch((e) => {
  document.body.dataset.ready = 'error';
  document.body.append(el('pre', undefined, String(e?.stack ?? e)));
});
