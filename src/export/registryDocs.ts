/**
 * What AnimScope publishes about its formats, generated from the registry: README's tables (formats,
 * diagnostic codes, the sample contract's paths), the export schema's format parts and
 * package.json's editor selectors. `npm run docs:registry` writes them; a unit test fails while any
 * of them disagrees with the registry.
 */
import { codeSections } from '../kinds/codes';
import { editorFilePatterns, FORMAT_IDS, FORMAT_LIST, formatsPhrase, MODEL_KIND, YAZ0_SUFFIXES } from '../kinds/registry';

const cell = (text: string): string => text.replace(/\|/g, '\\|');

/** README: one row per format. */
export function formatsTable(): string {
  let out = '| format | what it animates | files | binds to a model\'s | notes |\n|---|---|---|---|---|\n';
  for (const s of FORMAT_LIST) {
    const files = s.filePatterns.map((p) => `\`${p}\``).join(', ');
    const binds = s.model.target === 'none' ? '—' : s.model.target;
    out += `| **${s.label}** | ${cell(s.title)} | ${files} | ${binds} | ${cell(s.lessTested ?? '')} |\n`;
  }
  out += `| **${MODEL_KIND.label}** | ${MODEL_KIND.title} (what the animations bind to) | ${MODEL_KIND.filePatterns.map((p) => `\`${p}\``).join(', ')} | — | a 3D view and a texture gallery instead of curves |\n`;
  return out;
}

/** README: the diagnostic codes, by section. */
export function codesTable(): string {
  let out = '| code | default severity | meaning |\n|---|---|---|\n';
  for (const section of codeSections()) {
    if (section.codes.length === 0) continue;
    out += `| **${section.heading}** | | |\n`;
    for (const c of section.codes) out += `| \`${c.code}\` | ${c.severity} | ${cell(c.summary)} |\n`;
  }
  return out;
}

/** README: the sample contract's `format` values and track paths. */
export function sampleContract(): string {
  const formats = FORMAT_IDS.map((id) => `"${id}"`).join('|');
  let out = `\`format\` is one of ${formats}. Track paths, in this order:\n`;
  for (const s of FORMAT_LIST) for (const p of s.samplePaths) out += `- ${s.label} ${p}\n`;
  return out;
}

/** The README sections generated here, by marker name (`<!-- formats:start -->` … `<!-- formats:end -->`). */
export function readmeSections(): Record<string, string> {
  return { formats: formatsTable(), codes: codesTable(), 'sample-paths': sampleContract() };
}

/** Replaces each generated section of `readme`; throws when a marker is missing. */
export function updateReadme(readme: string): string {
  let text = readme;
  for (const [name, body] of Object.entries(readmeSections())) {
    const start = `<!-- ${name}:start -->`;
    const end = `<!-- ${name}:end -->`;
    const a = text.indexOf(start);
    const b = text.indexOf(end);
    if (a < 0 || b < a) throw new Error(`README.md has no ${start} … ${end} markers`);
    text = text.slice(0, a + start.length) + '\n' + body + text.slice(b);
  }
  return text;
}

/** Definitions of the export schema shared by the formats (kept as written in the schema file). */
const SHARED_DEFINITIONS = ['diagnostic', 'layout', 'field', 'keyTrack', 'srt', 'numbers', 'j3dCommon'];

type Json = Record<string, unknown>;

/** The export schema with its format parts (format enum, animation variants, their definitions) from the registry. */
export function updateExportSchema(schema: Json): Json {
  const out = structuredClone(schema) as Json;
  const properties = out.properties as Json;
  ((properties.file as Json).properties as Json).format = { enum: [...FORMAT_IDS, MODEL_KIND.id, 'unknown'] };
  properties.animation = { oneOf: [{ type: 'null' }, ...FORMAT_IDS.map((id) => ({ $ref: `#/definitions/${id}` }))] };
  const old = out.definitions as Json;
  const definitions: Json = {};
  for (const name of SHARED_DEFINITIONS) {
    if (!(name in old)) throw new Error(`the export schema lost its shared definition ${name}`);
    definitions[name] = old[name];
  }
  for (const s of FORMAT_LIST) definitions[s.id] = s.schema;
  out.definitions = definitions;
  return out;
}

type MenuItem = { command: string; when?: string; group?: string };
type PackageJson = {
  description: string; keywords: string[];
  contributes: { customEditors: { viewType: string; selector: { filenamePattern: string }[] }[]; menus: Record<string, MenuItem[]> };
};

/** A when-clause test true for a model's file name (`Kuribo.bdl`, `Kuribo.bdl.szs`): models have no curves to export. */
export function modelFileWhen(): string {
  const exts = MODEL_KIND.filePatterns.map((p) => p.replace(/^\*\./, '')).join('|');
  return `resourceFilename =~ /\\.(${exts})(\\.(${YAZ0_SUFFIXES.join('|')}))?$/i`;
}

/** Commands the menus offer in the animation editor only when the file is an animation, not a model. */
const ANIMATION_ONLY_COMMANDS = ['animscope.exportCurves'];

/** The Marketplace's one-line description: what AnimScope reads, from the registry. */
export function packageDescription(): string {
  return `Inspect GameCube/Wii ${formatsPhrase()} files: tables with byte offsets, a linked hex view, curve previews, a 3D model view and validation.`;
}

/** Marketplace keywords: every format's id and the model extensions, then the other keywords as written. */
function packageKeywords(keywords: readonly string[]): string[] {
  const formats = [...FORMAT_LIST.map((s) => s.id), ...MODEL_KIND.filePatterns.map((p) => p.replace(/^\*\./, ''))];
  return [...formats, ...keywords.filter((k) => !formats.includes(k))];
}

/** The animation editor's view type (its selectors are the registry's). */
export const ANIMATION_VIEW_TYPE = 'animscope.animation';

/** The animation editor is active (models open in it too). */
const ANIMATION_EDITOR_WHEN = `activeCustomEditorId == ${ANIMATION_VIEW_TYPE} || activeCustomEditorId == ${ANIMATION_VIEW_TYPE}.anyFile`;


/** package.json with the animation editor's selectors from the registry. */
export function updatePackageJson<T extends PackageJson>(pkg: T): T {
  const out = structuredClone(pkg);
  const editor = out.contributes.customEditors.find((e) => e.viewType === ANIMATION_VIEW_TYPE);
  if (!editor) throw new Error(`package.json has no custom editor ${ANIMATION_VIEW_TYPE}`);
  editor.selector = editorFilePatterns().map((filenamePattern) => ({ filenamePattern }));
  for (const item of [...(out.contributes.menus['editor/title'] ?? []), ...(out.contributes.menus.commandPalette ?? [])]) {
    if (!ANIMATION_ONLY_COMMANDS.includes(item.command) || !item.when) continue;
    item.when = `(${ANIMATION_EDITOR_WHEN}) && !(${modelFileWhen()})`;
  }
  out.description = packageDescription();
  out.keywords = packageKeywords(out.keywords ?? []);
  return out;
}

