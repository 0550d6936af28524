import { formatLabel } from '../kinds/registry';
import { countText } from '../formats/binary/text';
import type { Summary } from '../kinds/summary';
import { plural, safe } from './format';

const MAX_NAMES = 40;

export function formatSummary(s: Summary, label: string): string {
  const lines = [`${safe(label)}`];
  const row = (key: string, value: string | number) => lines.push(`  ${(key + ':').padEnd(24)}${value}`);
  row('format', formatLabel(s.format));
  row('size', `${s.size} bytes` + (s.compressed ? ` (decompressed from ${s.compressed.kind}, ${s.compressed.compressedSize} bytes)` : ''));
  if (s.duration !== undefined) row('duration', `${plural(s.duration, 'frame')}`);
  if (s.loopMode !== undefined) row('loop mode', s.loopMode);
  if (s.rotationFraction !== undefined) row('rotation fraction', s.rotationFraction);
  if (s.matrixMode !== undefined) row('matrix mode', s.matrixMode);
  for (const [label, count, declared] of s.counts) row(label, countText(count, declared));
  if (s.names.length > 0) {
    const shown = s.names.slice(0, MAX_NAMES).map(safe).join(', ');
    row('names', shown + (s.names.length > MAX_NAMES ? `, … (${s.names.length} in all)` : ''));
  }
  const d = s.diagnostics;
  row('diagnostics', `${plural(d.error, 'error')}, ${plural(d.warning, 'warning')}, ${d.info} info, ${plural(d.hint, 'hint')}`);
  return lines.join('\n');
}
